// throwaway: door vs light vs bare chain, side by side, twice
import { randomBytes } from 'node:crypto';
import { benchDatabase, startServer } from './lib.mjs';
import { bareCommandChain } from './command-chain.mjs';
import { lightToggles } from './api.mjs';
import { doorOpenings } from './door.mjs';
const agentToken = randomBytes(24).toString('base64url');
const prefix = `kort-probe:${Date.now().toString(36)}:`;
const database = await benchDatabase();
const api = await startServer('services/api/dist/main.js', '/api/health/', {
  DATABASE_URL: database.url,
  REDIS_PREFIX: prefix,
  SMTP_URL: 'smtp://127.0.0.1:2525',
  LOG_LEVEL: 'info',
  EDGE_AGENT_TOKEN: agentToken,
});
const n = Number(process.env.N ?? 300);
try {
  for (let round = 0; round < 2; round += 1) {
    const bare = await bareCommandChain(database.url, n);
    const light = await lightToggles(api.base, database.url, agentToken, n);
    const door = await doorOpenings(api.base, database.url, agentToken, n, prefix);
    for (const row of [bare, ...light, ...door].flat()) console.log(JSON.stringify(row));
  }
} finally {
  await api.stop();
  await database.drop();
}
