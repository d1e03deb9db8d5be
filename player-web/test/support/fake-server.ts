import {
  CLUB_RULE_DEFAULTS,
  RequestError,
  type ClubRules,
  type ErrorCode,
  type NotificationSettings,
  type ProfileDetail,
  type SiteSummary,
  type SocialProvidersResponse,
} from '@kort/contracts';
import { afterEach, beforeEach, expect, vi } from 'vitest';

/** One request the app made, as the fake server saw it. */
export interface Call {
  method: string;
  path: string;
  query: URLSearchParams;
  /** The parsed JSON body, if any. */
  body: unknown;
}

/** What the server answers: a status and a JSON body, or no answer at all (the network is down). */
export type Reply = { status: number; body: unknown } | 'offline';
export type Answer = Reply | ((call: Call) => Reply | Promise<Reply>);

/** `{detail}` with 200, the shape of every successful answer. */
export const ok = (detail: unknown): Reply => ({ status: 200, body: { detail } });
/** An error answer as the API gives it: its status, the server's text and the code the app decides on. */
export const fail = (status: number, detail: string, code: ErrorCode): Reply => ({ status, body: { detail, code } });

/** GET /api/auth/providers/: the bare flags (not `{detail}`); a provider not named is off. */
export const socialProviders = (enabled: Partial<SocialProvidersResponse> = {}): Reply => ({
  status: 200,
  body: { vk: false, yandex: false, ...enabled },
});

/**
 * GET /api/booking_rules/: the club's hours and quotas, the spec's (a club that configured nothing),
 * and the installation's door window and no-show rule, with `changes` on top.
 */
export const clubRules = (changes: Partial<ClubRules> = {}): Reply =>
  ok({ ...CLUB_RULE_DEFAULTS, ...changes } satisfies ClubRules);

/** The install's one site, as a one-club install has it (the migration's default site). */
export const defaultSite: SiteSummary = {
  id: 'default',
  name: 'Основная площадка',
  slug: 'default',
  timezone: 'Europe/Moscow',
};
/** A second club, for the tests of an install with more than one. */
export const secondSite: SiteSummary = {
  id: 'lesnaya',
  name: 'Корт на Лесной',
  slug: 'lesnaya',
  timezone: 'Asia/Vladivostok',
};

/** GET /api/profile/: Анна, a player with no social login linked, with `changes` on top. */
export const profile = (changes: Partial<ProfileDetail> = {}): Reply =>
  ok({
    email: 'anna@example.com',
    phone_number: '+79991234567',
    name: 'Анна',
    role: 'Игрок',
    role_code: 'player',
    calendar_url: null,
    linked_providers: [],
    site: defaultSite,
    ...changes,
  } satisfies ProfileDetail);

/** What a test changes of the notification settings: a channel's state, some boxes. */
export interface SettingsChanges {
  telegram?: Partial<NotificationSettings['channels']['telegram']>;
  push?: Partial<NotificationSettings['channels']['push']>;
  choices?: Partial<{ [K in keyof NotificationSettings['choices']]: Partial<NotificationSettings['choices'][K]> }>;
}

/**
 * GET /api/notifications/'s settings: a club with a bot and web push, nothing linked, every kind by
 * e-mail only (the API's defaults), with `changes` on top.
 */
export function notificationSettings(changes: SettingsChanges = {}): NotificationSettings {
  const box = (kind: keyof NotificationSettings['choices']) => ({
    email: true,
    telegram: false,
    push: false,
    ...changes.choices?.[kind],
  });
  return {
    channels: {
      email: { available: true },
      telegram: { available: true, linked: false, off: null, ...changes.telegram },
      push: {
        available: true,
        public_key: 'BPnJRnxGVQ1Bba6gbAWG6u7x1-yPwWcDJ7qfGl7H3Da0',
        devices: 0,
        off: null,
        ...changes.push,
      },
    },
    choices: { reminders: box('reminders'), waitlist: box('waitlist'), club: box('club'), no_shows: box('no_shows') },
  };
}

export interface FakeServer {
  /** Every request, in order. */
  calls: Call[];
  /** The requests of one route, e.g. `callsTo('GET /api/is_admin/')`. */
  callsTo: (route: string) => Call[];
  /** Changes (or adds) the answer of a route from now on. */
  answer: (route: string, answer: Answer) => void;
  /** Requests no route was declared for (they are answered 404): a test expects this to stay empty. */
  strays: string[];
}

/**
 * Stubs `fetch` with a server that answers by method and path ('GET /api/is_admin/'; the query
 * string is recorded, not matched), so each test declares the API it needs. Also gives the page
 * its CSRF cookie, so the client does not ask for one first. The install has one site unless the
 * test says otherwise (GET /api/sites/): the screens of a one-club install.
 */
export function fakeServer(routes: Record<string, Answer>): FakeServer {
  const table = new Map<string, Answer>(
    Object.entries({ 'GET /api/sites/': ok([{ ...defaultSite, courts: 2 }]), ...routes }),
  );
  const calls: Call[] = [];
  const strays: string[] = [];
  document.cookie = 'csrftoken=test.token';
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(input, 'http://kort.test');
      const method = init.method ?? 'GET';
      const call: Call = {
        method,
        path: url.pathname,
        query: url.searchParams,
        body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
      };
      calls.push(call);
      const route = `${method} ${url.pathname}`;
      const answer = table.get(route);
      if (answer === undefined) strays.push(route);
      const reply =
        answer === undefined ? fail(404, 'нет ответа в тесте', RequestError.NotFound) : await resolve(answer, call);
      if (reply === 'offline') throw new TypeError('Failed to fetch');
      return new Response(JSON.stringify(reply.body), {
        status: reply.status,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  return {
    calls,
    callsTo: (route) => calls.filter((call) => `${call.method} ${call.path}` === route),
    answer: (route, answer) => void table.set(route, answer),
    strays,
  };
}

function resolve(answer: Answer, call: Call): Reply | Promise<Reply> {
  return typeof answer === 'function' ? answer(call) : answer;
}

/**
 * jsdom's <dialog> has neither showModal() nor close(). Screens that close a modal are tested
 * against the browser's API (what every current browser has): showModal() sets `open`, close()
 * removes it and fires "close".
 */
export function installDialogApi(): void {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    if (!this.hasAttribute('open')) return;
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
}

export function removeDialogApi(): void {
  Reflect.deleteProperty(HTMLDialogElement.prototype, 'showModal');
  Reflect.deleteProperty(HTMLDialogElement.prototype, 'close');
}

/**
 * The hooks a screen's test file shares: dialogs installed before each test; after it, no request
 * the test did not answer (the server `start` made), real timers and globals back. Call once at the
 * top of a file.
 */
export function checkedServer() {
  let server: FakeServer | undefined;
  beforeEach(installDialogApi);
  afterEach(() => {
    expect(server?.strays ?? []).toEqual([]);
    vi.useRealTimers();
    vi.unstubAllGlobals();
    removeDialogApi();
  });
  return {
    get server(): FakeServer {
      return server!;
    },
    start: (routes: Record<string, Answer>): FakeServer => (server = fakeServer(routes)),
  };
}
