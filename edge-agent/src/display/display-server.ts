import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { type AddressInfo } from 'node:net';
import { type AgentAlarm, keypadMessages } from '@kort/contracts';
import { SIMULATE_BODY_MAX_BYTES, simulateAlarmSchema, type SimulationAnswer } from '../alarms/alarm-simulator';
import { type DisplayCode } from '../event-bus';
import { type RelayStates } from '../hardware/relay-driver';
import { type UnlockAnswer } from '../keypad/keypad-service';
import { type Logger } from '../logger';
import { FAVICON_ICO, KORT_MARK_SVG } from './brand';
import { doorQrSvg } from './door-link';
import { DISPLAY_CSP, DISPLAY_SCRIPT, renderPage, renderScreen } from './display-page';
import { readJsonBody } from './json-body';
import { readUnlockRequest } from './unlock-request';

/** On every answer: the page's CSP, no type sniffing, never framed, no referrer. */
const DISPLAY_SECURITY_HEADERS = {
  'content-security-policy': DISPLAY_CSP,
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
};

const SIMULATE_MALFORMED = 'Ожидается JSON {"alarm": "<тревога>", "on": true | false}';

/** Body of GET /state.json: the agent's own report of itself (README.md, "agent display"). */
export interface DisplayState {
  connected: boolean;
  /** The link monitor's verdict: the page shows the keypad while true. */
  offline: boolean;
  display: DisplayCode | null;
  relays: RelayStates;
  /** The schedule held for offline entry: its version and the games whose door has not closed. */
  schedule: { version: number; entries: number } | null;
  /** The alarms raised now (door and Pi), in the contract's order. */
  alarms: AgentAlarm[];
}

export interface DisplayServerOptions {
  host: string;
  /** 0 picks a free port; `url` reports the real one. */
  port: number;
  logger: Logger;
  /** The player app's address: the QR opens its door modal with the code filled. */
  playerUrl: string;
  state: () => DisplayState;
  /** POST /unlock: the keypad's PIN. */
  unlock: (pin: string) => Promise<UnlockAnswer>;
  /** POST /debug/alarm and the debug panel; only a simulated agent has it (else both are absent). */
  simulate?: (alarm: AgentAlarm, on: boolean) => Promise<SimulationAnswer>;
}

/** The door screen: a local page with the current code and its QR, and the agent state as JSON. */
export class DisplayServer {
  private server: Server | null = null;
  private address = '';
  private qrCache: { code: string; svg: string } | null = null;

  constructor(private readonly options: DisplayServerOptions) {}

  get url(): string {
    return this.address;
  }

  async start(): Promise<string> {
    const server = createServer((req, res) => {
      this.handle(req, res).catch((error: unknown) => {
        this.options.logger.error('display request failed', { path: req.url, error });
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
        res.end('internal error');
      });
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.options.port, this.options.host, () => {
        server.off('error', reject);
        resolve();
      });
    });
    this.server = server;
    const { port } = server.address() as AddressInfo;
    const host = this.options.host.includes(':') ? `[${this.options.host}]` : this.options.host;
    this.address = `http://${host}:${port}/`;
    this.options.logger.info('door display listening', { url: this.address });
    return this.address;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (!server) return;
    // The kiosk browser holds keep-alive connections open; close() alone would wait for them.
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = new URL(req.url ?? '/', 'http://display').pathname;
    const headers = { 'cache-control': 'no-store', ...DISPLAY_SECURITY_HEADERS };
    if (path === '/unlock') {
      if (req.method !== 'POST') {
        res.writeHead(405, { ...headers, allow: 'POST' }).end();
        return;
      }
      const request = await readUnlockRequest(req);
      const answer = request.ok ? await this.options.unlock(request.pin) : request;
      // An oversized body was not read to its end: close the connection rather than drain it.
      const close = answer.status === 413 ? { connection: 'close' } : {};
      res.writeHead(answer.status, { ...headers, ...close, 'content-type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify({ detail: answer.detail }));
      return;
    }
    if (path === '/debug/alarm') {
      if (this.options.simulate) await this.debugAlarm(req, res, this.options.simulate);
      else res.writeHead(404, { ...headers, 'content-type': 'text/plain; charset=utf-8' }).end('not found');
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { ...headers, allow: 'GET, HEAD' }).end();
      return;
    }
    if (path === '/state.json') {
      const { connected, offline, display, relays, schedule, alarms } = this.options.state();
      res.writeHead(200, { ...headers, 'content-type': 'application/json' });
      res.end(JSON.stringify({ connected, offline, display, relays, schedule, alarms }));
      return;
    }
    if (path === '/') {
      const { display, offline } = this.options.state();
      const qr = display ? await this.qr(display.code) : null;
      res.writeHead(200, { ...headers, 'content-type': 'text/html; charset=utf-8' });
      res.end(renderPage(renderScreen(display, qr), offline, this.options.simulate !== undefined));
      return;
    }
    if (path === '/display.js') {
      res.writeHead(200, { ...headers, 'content-type': 'text/javascript; charset=utf-8' });
      res.end(DISPLAY_SCRIPT);
      return;
    }
    if (path === '/favicon.ico' || path === '/favicon.svg') {
      const ico = path === '/favicon.ico';
      res.writeHead(200, {
        ...DISPLAY_SECURITY_HEADERS,
        'cache-control': 'public, max-age=86400',
        'content-type': ico ? 'image/vnd.microsoft.icon' : 'image/svg+xml',
      });
      res.end(ico ? FAVICON_ICO : KORT_MARK_SVG);
      return;
    }
    res.writeHead(404, { ...headers, 'content-type': 'text/plain; charset=utf-8' }).end('not found');
  }

  /**
   * POST /debug/alarm {alarm, on} on a simulated agent: brings about the alarm's condition (or ends
   * it) and answers once the alarm is recorded. JSON only, at most SIMULATE_BODY_MAX_BYTES. On real
   * hardware the path does not exist (404, as any unknown path).
   */
  private async debugAlarm(
    req: IncomingMessage,
    res: ServerResponse,
    simulate: NonNullable<DisplayServerOptions['simulate']>,
  ): Promise<void> {
    const headers = { 'cache-control': 'no-store', ...DISPLAY_SECURITY_HEADERS };
    const json = { ...headers, 'content-type': 'application/json; charset=utf-8' };
    if (req.method !== 'POST') {
      res.writeHead(405, { ...headers, allow: 'POST' }).end();
      return;
    }
    const body = await readJsonBody(req, SIMULATE_BODY_MAX_BYTES);
    if (!body.ok && body.problem === 'too-large') {
      res.writeHead(413, { ...json, connection: 'close' }).end(JSON.stringify({ detail: keypadMessages.tooLarge }));
      return;
    }
    const parsed = body.ok ? simulateAlarmSchema.safeParse(body.json) : null;
    if (!parsed?.success) {
      res.writeHead(400, json).end(JSON.stringify({ detail: SIMULATE_MALFORMED }));
      return;
    }
    const answer = await simulate(parsed.data.alarm, parsed.data.on);
    res.writeHead(200, json).end(JSON.stringify(answer));
  }

  /**
   * The QR holds a link to the game's door modal with the code filled (doorLink): a phone's own
   * camera opens it, and the app's scanner reads the code out of it.
   */
  private async qr(code: string): Promise<string> {
    if (this.qrCache?.code !== code) {
      this.qrCache = { code, svg: await doorQrSvg(this.options.playerUrl, code) };
    }
    return this.qrCache.svg;
  }
}
