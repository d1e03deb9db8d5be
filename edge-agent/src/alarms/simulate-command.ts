import { AGENT_ALARMS, type AgentAlarm, ALERT_TITLES } from '@kort/contracts';
import { type AgentConfig } from '../config';
import { type SimulationAnswer } from './alarm-simulator';

export type SimulateArgs = { alarm: AgentAlarm; on: boolean } | { error: string };

/** `simulate <alarm> [--clear]`: the alarm named as the contract names it. */
export function parseSimulateArgs(argv: readonly string[]): SimulateArgs {
  const alarm = argv[0];
  if (!alarm || alarm.startsWith('--')) return { error: `Which alarm? One of: ${AGENT_ALARMS.join(', ')}` };
  if (!(AGENT_ALARMS as readonly string[]).includes(alarm))
    return { error: `Unknown alarm "${alarm}". Alarms: ${AGENT_ALARMS.join(', ')}` };
  return { alarm: alarm as AgentAlarm, on: !argv.includes('--clear') };
}

/** The display server's address as a client reaches it: a wildcard host is this machine. */
export function displayOrigin(config: Pick<AgentConfig, 'displayHost' | 'displayPort'>): string {
  const host =
    config.displayHost === '0.0.0.0' ? '127.0.0.1' : config.displayHost === '::' ? '::1' : config.displayHost;
  return `http://${host.includes(':') ? `[${host}]` : host}:${config.displayPort}`;
}

export interface SimulateOutput {
  out: (line: string) => void;
  err: (line: string) => void;
}

/**
 * `kort-agent simulate`: asks the running agent's door display (POST /debug/alarm) to bring about
 * the alarm's condition, or to end it with --clear, and prints one line. Resolves with the exit
 * code: 0 when the alarm is where it was asked to be (or will be: door.held-open after
 * DOOR_HELD_OPEN_S), 1 otherwise, 2 when the agent cannot be addressed.
 */
export async function simulateAlarm(
  { alarm, on }: { alarm: AgentAlarm; on: boolean },
  config: Pick<AgentConfig, 'displayHost' | 'displayPort'>,
  { out, err }: SimulateOutput,
): Promise<number> {
  if (config.displayPort === 0) {
    err('DISPLAY_PORT is 0 (the agent picks a free port): set the port the agent listens on to reach it.');
    return 2;
  }
  const origin = displayOrigin(config);
  let response: Response;
  try {
    response = await fetch(`${origin}/debug/alarm`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ alarm, on }),
      signal: AbortSignal.timeout(10_000),
    });
  } catch {
    err(`No agent answers at ${origin} (is kort-agent running, with this DISPLAY_HOST and DISPLAY_PORT?)`);
    return 1;
  }
  const body = (await response.json().catch(() => ({}))) as Partial<SimulationAnswer>;
  if (response.status === 404) {
    err(`The agent at ${origin} does not simulate alarms: it drives real hardware (only DRIVER=simulated does).`);
    return 1;
  }
  if (response.status !== 200) {
    err(`The agent at ${origin} answered ${response.status}: ${body.detail ?? 'no detail'}`);
    return 1;
  }
  const name = `${alarm} (${ALERT_TITLES[alarm]})`;
  if (on && !body.raised && body.afterS !== undefined) {
    out(`${name}: the door is open; the alarm is raised after ${body.afterS} s (DOOR_HELD_OPEN_S)`);
    return 0;
  }
  if (body.raised === on) {
    out(`${name}: ${on ? 'raised' : 'cleared'}`);
    return 0;
  }
  out(`${name}: ${on ? 'not raised' : 'still raised'} (${body.detail ?? 'see the agent log'})`);
  return 1;
}
