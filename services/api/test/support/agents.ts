import { io, type Socket } from 'socket.io-client';
import {
  EDGE_EVENTS,
  type AgentDriver,
  type CommandAck,
  type EdgeCommand,
  type Schedule,
  type ScheduleAck,
  type SignedSchedule,
} from '@kort/contracts';

export const AGENT_TOKEN = process.env.EDGE_AGENT_TOKEN ?? 'test-edge-agent-token-0123456789';

type Behaviour = (command: EdgeCommand, ack: (result: CommandAck) => void, socket: Socket) => void;

/**
 * A scripted agent for fault injection (silence, errors, disconnects mid-command): a real
 * socket.io client on the /edge namespace that behaves as the test says. The happy paths run the
 * real edge agent. It accepts every schedule the API pushes (kept in `schedules`, newest last).
 */
export async function scriptedAgent(
  base: string,
  behaviour: Behaviour,
  {
    token = AGENT_TOKEN,
    site = 'default',
    driver = 'simulated',
  }: { token?: string; site?: string; driver?: AgentDriver | null } = {},
): Promise<{ socket: Socket; commands: EdgeCommand[]; schedules: SignedSchedule[]; close: () => void }> {
  const commands: EdgeCommand[] = [];
  const schedules: SignedSchedule[] = [];
  const socket = io(`${base}/edge`, {
    auth: { site, token },
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
  });
  socket.on(EDGE_EVENTS.command, (command: EdgeCommand, ack: (result: CommandAck) => void) => {
    commands.push(command);
    behaviour(command, ack, socket);
  });
  socket.on(EDGE_EVENTS.schedule, (signed: SignedSchedule, ack: (result: ScheduleAck) => void) => {
    schedules.push(signed);
    const schedule = JSON.parse(signed.payload) as Schedule;
    ack({ ok: true, version: schedule.version, entries: schedule.games.length });
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  socket.emit(EDGE_EVENTS.snapshot, {
    relays: { door: false, light: false },
    doorClosed: true,
    display: null,
    agentVersion: 'scripted',
    // null: an agent from before the driver report, which sends none.
    ...(driver ? { driver } : {}),
  });
  return { socket, commands, schedules, close: () => socket.close() };
}

export const obedient: Behaviour = (command, ack) =>
  ack({ ok: true, relays: command.device ? { [command.device]: !/off|close/.test(command.action) } : {} });
