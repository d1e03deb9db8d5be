import { randomUUID } from 'node:crypto';
import { io, type Socket } from 'socket.io-client';
import {
  type AgentEvent,
  type AgentEventKind,
  EDGE_EVENTS,
  EDGE_REFUSALS,
  type OutboxAck,
  type ReleaseTarget,
  type Schedule,
  type SignedSchedule,
} from '@kort/contracts';
import { agentTokenHash } from '@kort/contracts/schedule-crypto';
import type { DataSource } from 'typeorm';

/**
 * What a simulated agent does when the API names a version it does not run:
 * - `install`: downloads the bundle with its token, checks its size and sha256, then runs it and
 *   reports it proven, as the real agent does after its health check (the snapshot with the new
 *   agentVersion, then update.installed through its outbox);
 * - `fail`: the same download, then back on its version: update.rolled-back (why: health);
 * - `hold`: nothing yet (a game in its door window); `proceed()` acts on the last target later.
 */
export type Behaviour = 'install' | 'fail' | 'hold';

export interface SimulatedAgent {
  site: string;
  version: string;
  /** Every target the API told it, in order, with when it heard it. */
  told: (ReleaseTarget & { at: number })[];
  /** When it last reported a new version proven (update.installed acknowledged). */
  installedAt: number | null;
  behaviour: Behaviour;
  socket: Socket;
  proceed(): Promise<void>;
  /** Resolves once what it is doing (a download, a report) is done. */
  settled(): Promise<void>;
  close(): void;
}

/**
 * A light stand-in for the edge agent (edge-agent/src/update/) on the real /edge namespace: a
 * socket.io client with its site's token that takes its schedules and answers release targets as
 * `behaviour` says. Its restart into the new version is a new snapshot on the same connection, so a
 * stage is judged on reports, not on which instant the restart's reconnect landed.
 */
export async function simulatedAgent(
  base: string,
  { site, token, version }: { site: string; token: string; version: string },
): Promise<SimulatedAgent> {
  let seq = 0;
  const report = async (kind: AgentEventKind, params: AgentEvent['params']) => {
    const event: AgentEvent = {
      id: randomUUID(),
      seq: seq++,
      kind,
      at: Date.now(),
      game: null,
      offline: false,
      params,
    };
    const ack = (await socket.timeout(10_000).emitWithAck(EDGE_EVENTS.outbox, { events: [event] })) as OutboxAck;
    if (!ack.ok) throw new Error(`${site}: outbox refused (${ack.error})`);
  };
  const snapshot = () => ({ relays: {}, doorClosed: true, display: null, agentVersion: agent.version });
  const act = async (target: ReleaseTarget) => {
    if (target.version === agent.version || agent.behaviour === 'hold') return;
    const bundle = await fetch(`${base}/api/edge/releases/${target.version}`, {
      headers: { authorization: `Bearer ${token}`, 'x-kort-site': site },
    });
    const bytes = Buffer.from(await bundle.arrayBuffer());
    if (bundle.status !== 200 || bytes.length !== target.size) throw new Error(`${site}: no bundle (${bundle.status})`);
    const previous = agent.version;
    if (agent.behaviour === 'fail') {
      await report('update.rolled-back', {
        version: target.version,
        previous,
        why: 'health',
        detail: 'реле не отвечают',
      });
      return;
    }
    agent.version = target.version;
    socket.emit(EDGE_EVENTS.snapshot, snapshot());
    await report('update.installed', { version: target.version, previous });
    agent.installedAt = Date.now();
  };
  const socket: Socket = io(`${base}/edge`, {
    auth: { site, token },
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
  });
  const agent: SimulatedAgent = {
    site,
    version,
    told: [],
    installedAt: null,
    behaviour: 'install',
    socket,
    proceed: async () => {
      const last = agent.told.at(-1);
      if (last) await act(last);
    },
    settled: async () => {
      while (working.size) await Promise.all(working);
    },
    close: () => socket.close(),
  };
  const working = new Set<Promise<void>>();
  socket.on(EDGE_EVENTS.release, (target: ReleaseTarget) => {
    agent.told.push({ ...target, at: Date.now() });
    const acting = act(target)
      .catch((error: unknown) => console.error(error))
      .finally(() => working.delete(acting));
    working.add(acting);
  });
  socket.on(EDGE_EVENTS.schedule, (signed: SignedSchedule, ack: (result: unknown) => void) => {
    const schedule = JSON.parse(signed.payload) as Schedule;
    ack({ ok: true, version: schedule.version, entries: schedule.games.length });
  });
  socket.on('connect', () => socket.emit(EDGE_EVENTS.snapshot, snapshot()));
  // Past the replica's connect rate an agent is told `busy`: it tries again, as the real one does.
  await new Promise<void>((resolve, reject) => {
    socket.on('connect', () => resolve());
    socket.on('connect_error', (error) => {
      if (error.message !== EDGE_REFUSALS.busy) return reject(error);
      setTimeout(() => socket.connect(), 50 + Math.random() * 200);
    });
  });
  return agent;
}

/** `count` sites, each with its own token, and their agents connected (running `version`). */
export async function simulatedFleet(
  db: DataSource,
  base: string,
  { count, prefix, version }: { count: number; prefix: string; version: string },
): Promise<SimulatedAgent[]> {
  const sites = Array.from({ length: count }, (_, i) => ({
    site: `${prefix}-${String(i).padStart(3, '0')}`,
    token: `${prefix}-token-${i}-0123456789abcdef`,
    version,
  }));
  await db.query(
    `INSERT INTO sites (id, name, slug, timezone, token_hash)
     SELECT id, 'Площадка ' || id, id, 'Europe/Moscow', hash FROM unnest($1::text[], $2::text[]) AS s(id, hash)`,
    [sites.map((s) => s.site), sites.map((s) => agentTokenHash(s.token))],
  );
  return Promise.all(sites.map((spec) => simulatedAgent(base, spec)));
}
