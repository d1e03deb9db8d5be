import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadAgentConfig, SimulatedDriver, silentLogger, startAgent, type RunningAgent } from '@kort/edge-agent';
import { AGENT_TOKEN } from './agents';

/** The real edge agent with its simulated driver, connected to a test API, display on a free port. */
export async function realAgent(
  base: string,
  env: Record<string, string> = {},
): Promise<RunningAgent & { driver: SimulatedDriver }> {
  const config = loadAgentConfig(
    {
      API_URL: base,
      EDGE_AGENT_TOKEN: AGENT_TOKEN,
      DRIVER: 'simulated',
      DISPLAY_PORT: '0',
      DOOR_PULSE_MS: '400',
      STATE_FILE: join(mkdtempSync(join(tmpdir(), 'kort-agent-')), 'state.json'),
      LOG_LEVEL: 'error',
      ...env,
    },
    [],
  );
  const driver = new SimulatedDriver();
  const agent = await startAgent(config, { driver, logger: silentLogger });
  return Object.assign(agent, { driver });
}

export interface DisplayState {
  connected: boolean;
  display: { code: string; expiresAt: number } | null;
  relays: Record<string, boolean>;
}

export async function displayState(agent: RunningAgent): Promise<DisplayState> {
  return (await (await fetch(`${agent.display.url}state.json`)).json()) as DisplayState;
}
