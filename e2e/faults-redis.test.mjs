// Fault injection: Redis (sessions, queues, the socket.io adapter, rate limits) shut down
// under load and started again ~3 s later, as an operator's `redis-cli shutdown` and a container
// restart do. The API must answer every call with a 2xx or a clean 503, recover by itself within
// seconds, and no device command may run twice or after its deadline.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { useFaultScene } from './support/fault-scene.mjs';
import { startRedis } from './support/redis-server.mjs';
import { commandAudit, recordFigure, timedCall } from './support/faults.mjs';
import { checkOutage, mixedLoad, outageUnderLoad } from './support/outage.mjs';
import { agentState } from './support/product.mjs';

const SUITE = 'redis-restart';
const DOWN_MS = 3000;
const scene = useFaultScene({
  dependency: { name: 'redis', start: startRedis },
  product: (redis) => ({ redisUrl: redis.url, agentEnv: { LOG_LEVEL: 'info' } }),
  admin: true,
  players: 4,
});

test('Redis restarted under load: 2xx or a clean 503, recovery within seconds, no command twice or late', async () => {
  const { product, admin, dependency: redis } = scene;
  const [signingIn, ...readers] = scene.players;
  const load = await mixedLoad(product, { readers, signingIn, admin });
  const result = await outageUnderLoad(product, load, {
    stop: () => redis.shutdown(),
    start: () => redis.start(),
    downMs: DOWN_MS,
  });
  checkOutage(SUITE, 'Redis', result);

  // A command after the recovery reaches the agent and comes back.
  const light = await timedCall(product.base, admin, 'GET', '/api/turn_on_light/', { timeoutMs: 12_000 });
  assert.equal(light.status, 200, JSON.stringify(light));
  assert.equal(light.body.light_on, true);
  assert.equal((await agentState(product)).relays.light, true);

  const audit = await commandAudit(product);
  recordFigure(
    SUITE,
    'commands',
    audit.rows,
    '',
    `${JSON.stringify(audit.statuses)}; the agent ran ${audit.run}, ${audit.unrecorded} of them not recorded as done; ${audit.redelivered} sent again after an unanswered delivery`,
  );
  assert.deepEqual(audit.problems, [], 'no command ran twice, late, or unrecorded');
  assert.equal(audit.unrecorded, 0, 'every command the agent ran is recorded done: its caller heard it done');
});
