import { z } from 'zod';
import { type AdminAlert, type ReleaseTarget } from './fleet';
import { messages } from './messages';
import {
  type LiveDoorEvent,
  type OutboxAck,
  type ScheduleAck,
  type SignedSchedule,
  type outboxBatchSchema,
} from './offline';

/**
 * The court's hardware as the API, the dashboard and the edge agent name it (the agent's
 * `/state.json` reports its relays by these names). A relay that is "on" means: door strike released
 * (unlocked), light on, shelf lock released.
 */
export const SHELF_NUMBERS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11] as const;
export const RELAYS = ['door', 'light', ...SHELF_NUMBERS.map((n) => `shelf-${n}` as const)] as const;
export type RelayId = (typeof RELAYS)[number];
export const relayIdSchema = z.enum(RELAYS);

export const COMMAND_ACTIONS = [
  'door.open', // pulse the strike: unlock for a few seconds, then lock again
  'door.hold', // keep the door unlocked until door.close
  'door.close',
  'light.on',
  'light.off',
  'shelf.open',
  'shelf.close',
  'display.show', // show a door code (PIN and QR) on the door display
  'display.clear',
] as const;
export type CommandAction = (typeof COMMAND_ACTIONS)[number];

/**
 * The query an agent's connection carries (socket.io-client's `query`): the API tells an agent's
 * websocket upgrade from a dashboard's before the handshake, where it defers agents cheaply during
 * a reconnect storm (services/api/src/devices/agent-admission.ts).
 */
export const EDGE_CLIENT_QUERY = { client: 'agent' } as const;

/**
 * Why the API refused an agent's handshake (the connect_error's message): a wrong site or token, or
 * a replica taking other agents first (past its connect rate, services/api/src/devices/agent-admission.ts).
 * The agent retries both with its backoff.
 */
export const EDGE_REFUSALS = { unauthorized: 'unauthorized', busy: 'busy' } as const;

/** Event names of the /edge namespace (API ⇄ agent) and the /live namespace (API → dashboards). */
export const EDGE_EVENTS = {
  command: 'command',
  snapshot: 'agent.snapshot',
  relayChanged: 'relay.changed',
  inputChanged: 'input.changed',
  /** The agent asks for the API's clock at every connect: deadlines are judged in API time. */
  clock: 'agent.clock',
  /** API → agent, acknowledged: the site's signed schedule (offline.ts), on connect and on every change. */
  schedule: 'schedule',
  /** Agent → API, acknowledged: a batch of the agent's outbox (offline.ts), in order. */
  outbox: 'agent.outbox',
  /** API → agent on connect and on every change: the version it should run (fleet.ts ReleaseTarget). */
  release: 'release',
} as const;
/** The /live namespace's events; `alert` is a new or changed alert of the site (fleet.ts AdminAlert). */
export const LIVE_EVENTS = { deviceState: 'device.state', doorEvent: 'door.event', alert: 'alert' } as const;

export const commandSchema = z.object({
  id: z.uuid(),
  action: z.enum(COMMAND_ACTIONS),
  /** The relay it moves (shelf commands name their shelf; display commands have none). */
  device: relayIdSchema.nullable(),
  /** Epoch milliseconds after which the command must not run. */
  deadline: z.number().int().positive(),
  params: z
    .object({
      code: z
        .string()
        .regex(/^\d{4}$/)
        .optional(),
      expiresAt: z.number().int().optional(),
      /** door.open for a game: the agent reports what the door sensor saw, and lights the court. */
      gameId: z.number().int().positive().optional(),
      /** light.on by an admin's hand: it goes off by itself after the club's manual limit. */
      manual: z.boolean().optional(),
    })
    .default({}),
});
export type EdgeCommand = z.input<typeof commandSchema>;

export const relayStatesSchema = z.partialRecord(relayIdSchema, z.boolean());
export type RelayStates = z.infer<typeof relayStatesSchema>;

export const commandAckSchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), relays: relayStatesSchema, repeated: z.boolean().optional() }),
  z.object({
    ok: z.literal(false),
    error: z.enum(['expired', 'invalid', 'hardware']),
    message: z.string(),
  }),
]);
export type CommandAck = z.infer<typeof commandAckSchema>;

export const displaySchema = z.object({ code: z.string(), expiresAt: z.number().int() }).nullable();

/**
 * How an agent drives its relays: the GPIO character device (/dev/gpiochipN, Raspberry Pi OS Trixie
 * and Bookworm), sysfs GPIO (Bookworm and older) or the simulator (laptops, compose, tests), where
 * "Дверь открыта!" moves nothing.
 */
export const AGENT_DRIVERS = ['gpio-chardev', 'gpio-sysfs', 'simulated'] as const;
export type AgentDriver = (typeof AGENT_DRIVERS)[number];

export const snapshotSchema = z.object({
  relays: relayStatesSchema,
  /** Door sensor: true closed, false open, null when the agent has no sensor. */
  doorClosed: z.boolean().nullable(),
  display: displaySchema,
  agentVersion: z.string().max(40),
  /** Absent from agents older than the driver report: the dashboard then shows nothing. */
  driver: z.enum(AGENT_DRIVERS).optional(),
});
export type AgentSnapshot = z.infer<typeof snapshotSchema>;

export const relayChangedSchema = z.object({ device: relayIdSchema, on: z.boolean(), at: z.number().int() });
export const inputChangedSchema = z.object({
  input: z.literal('door-sensor'),
  closed: z.boolean(),
  at: z.number().int(),
});

/** socket.io event maps, so both ends are typed by the same contract. */
export interface ServerToAgentEvents {
  [EDGE_EVENTS.command]: (command: EdgeCommand, ack: (result: CommandAck) => void) => void;
  [EDGE_EVENTS.schedule]: (schedule: SignedSchedule, ack: (result: ScheduleAck) => void) => void;
  [EDGE_EVENTS.release]: (target: ReleaseTarget) => void;
}
export interface AgentToServerEvents {
  [EDGE_EVENTS.snapshot]: (snapshot: AgentSnapshot) => void;
  [EDGE_EVENTS.relayChanged]: (change: z.infer<typeof relayChangedSchema>) => void;
  [EDGE_EVENTS.inputChanged]: (change: z.infer<typeof inputChangedSchema>) => void;
  [EDGE_EVENTS.clock]: (ack: (serverNow: number) => void) => void;
  [EDGE_EVENTS.outbox]: (batch: z.input<typeof outboxBatchSchema>, ack: (result: OutboxAck) => void) => void;
}

/** What the dashboards see of a site, pushed on every change. */
export interface DeviceState {
  site: string;
  online: boolean;
  lastSeenAt: string | null;
  relays: RelayStates;
  doorClosed: boolean | null;
  /** How the agent drives its relays, null until one reported it; 'simulated' moves nothing. */
  driver: AgentDriver | null;
  /** The agent's last period without the API (ISO instants), as it reported it on reconnect. */
  lastOffline: { from: string; to: string } | null;
  /**
   * Grows with every write of this state, in the order the writes happened: a state with a lower
   * version than one already shown was published late and is older. Absent from an API before it.
   */
  version?: number;
}
export interface ServerToLiveEvents {
  [LIVE_EVENTS.deviceState]: (state: DeviceState) => void;
  [LIVE_EVENTS.doorEvent]: (event: LiveDoorEvent) => void;
  [LIVE_EVENTS.alert]: (alert: AdminAlert) => void;
}

/** POST /api/recieve/ (the spec's spelling): the 4 digits typed or read from the door's QR code. */
export const recieveBody = z.object({
  qr_code: z.string({ error: messages.wrongDoorCode }).max(64, { error: messages.wrongDoorCode }),
});

/** 425 from GET /api/send/{gameId}/ before the access window opens. */
export const gameStartsAtMessage = (time: string): string => `Игра начнётся в ${time}. Пожалуйста, подождите`;

/** GET /api/get_device_status/ */
export interface DeviceStatus {
  light_on: boolean;
  door_open: boolean;
  online: boolean;
  last_seen: string | null;
}
