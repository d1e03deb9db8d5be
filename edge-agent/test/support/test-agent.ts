import { join } from 'node:path';
import { type AgentEvent } from '@kort/contracts';
import { startAgent, type RunningAgent } from '../../src/agent';
import { loadAgentConfig } from '../../src/config';
import { SimulatedDriver } from '../../src/hardware/simulated-driver';
import { type EdgeServer, startEdgeServer, TOKEN } from './edge-server';
import { capturingLogger, tempDir } from './helpers';
import { SITE } from './schedules';

export const OFFLINE_AFTER_MS = 600;

/** The real agent on the simulated driver, offline after 600 ms without the API. */
export async function startTestAgent(
  server: EdgeServer,
  env: Record<string, string> = {},
  { clock }: { clock?: () => number } = {},
) {
  const config = loadAgentConfig(
    {
      API_URL: server.url,
      SITE_ID: SITE,
      EDGE_AGENT_TOKEN: TOKEN,
      DRIVER: 'simulated',
      DISPLAY_PORT: '0',
      DOOR_PULSE_MS: '300',
      OFFLINE_AFTER_MS: String(OFFLINE_AFTER_MS),
      STATE_FILE: join(tempDir(), 'state.json'),
      ...env,
    },
    [],
  );
  const logger = capturingLogger();
  const driver = new SimulatedDriver();
  const agent = await startAgent(config, { driver, logger, ...(clock ? { clock } : {}) });
  return { agent, driver, logger, config };
}

/**
 * Registers the hooks of a file whose tests each get a fresh edge server, and stops every agent
 * started through `start` after its test.
 */
export function useEdgeServer() {
  let server: EdgeServer | null = null;
  const agents: RunningAgent[] = [];
  beforeEach(async () => {
    server = await startEdgeServer();
  });
  afterEach(async () => {
    await Promise.all(agents.splice(0).map((agent) => agent.stop()));
    await server?.close();
  });
  return {
    get server(): EdgeServer {
      if (!server) throw new Error('the edge server starts in beforeEach');
      return server;
    },
    async start(env: Record<string, string> = {}) {
      if (!server) throw new Error('the edge server starts in beforeEach');
      const started = await startTestAgent(server, env);
      agents.push(started.agent);
      return started;
    },
  };
}

export interface ScreenState {
  connected: boolean;
  offline: boolean;
  relays: Record<string, boolean>;
  schedule: { version: number; entries: number } | null;
}

export const screenState = async (agent: RunningAgent) =>
  (await (await fetch(new URL('state.json', agent.display.url))).json()) as ScreenState;

/** What the keypad page does when «Открыть» is pressed. */
export async function unlock(agent: RunningAgent, body: unknown, contentType = 'application/json') {
  const response = await fetch(new URL('unlock', agent.display.url), {
    method: 'POST',
    headers: { 'content-type': contentType },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: response.status, ...((await response.json()) as { detail: string }) };
}

export const kinds = (events: readonly AgentEvent[]) => events.map((event) => event.kind);
