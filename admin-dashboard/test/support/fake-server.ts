import type { ErrorCode } from '@kort/contracts';
import { vi } from 'vitest';

/** One request the dashboard made, as the fake server saw it. */
export interface Call {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Headers;
  credentials: RequestCredentials | undefined;
  body: unknown;
}

/** What the server answers: a status, a JSON body and headers, or no answer at all (the network is down). */
export type Reply = { status: number; body: unknown; headers?: Record<string, string> } | 'offline';
export type Answer = Reply | ((call: Call) => Reply | Promise<Reply>);

/** 200 with a JSON body. */
export const ok = (body: unknown, headers?: Record<string, string>): Reply => ({ status: 200, body, headers });
/** An error answer carrying the server's Russian text. */
/** An error answer as the API gives it: the status, the Russian detail and its code (errors.ts). */
export const fail = (status: number, detail: string, code?: ErrorCode): Reply => ({
  status,
  body: code ? { detail, code } : { detail },
});

export interface FakeServer {
  calls: Call[];
  /** The requests of one route, e.g. `callsTo('GET /api/is_admin/')`. */
  callsTo: (route: string) => Call[];
  answer: (route: string, answer: Answer) => void;
  /** Requests no route was declared for (answered 404): a test expects this to stay empty. */
  strays: string[];
}

/**
 * Stubs `fetch` with a server that answers by method and path ('GET /api/is_admin/'; the query
 * string is recorded, not matched). Gives the page its CSRF cookie unless `withCookie` is false.
 */
export function fakeServer(routes: Record<string, Answer>, { withCookie = true } = {}): FakeServer {
  const table = new Map(Object.entries(routes));
  const calls: Call[] = [];
  const strays: string[] = [];
  if (withCookie) document.cookie = 'csrftoken=test.token; path=/';
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(input, 'http://kort.test');
      const method = init.method ?? 'GET';
      const call: Call = {
        method,
        path: url.pathname,
        query: url.searchParams,
        headers: new Headers(init.headers),
        credentials: init.credentials,
        body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
      };
      calls.push(call);
      const route = `${method} ${url.pathname}`;
      const answer = table.get(route);
      if (answer === undefined) strays.push(route);
      const reply = answer === undefined ? fail(404, 'нет ответа в тесте') : await resolve(answer, call);
      if (reply === 'offline') throw new TypeError('Failed to fetch');
      // A text answer (CSV) goes as it is; everything else as JSON, as the API sends it.
      const text = reply.headers?.['Content-Type']?.startsWith('text/') && typeof reply.body === 'string';
      return new Response(text ? (reply.body as string) : JSON.stringify(reply.body), {
        status: reply.status,
        headers: { 'Content-Type': 'application/json', ...reply.headers },
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
