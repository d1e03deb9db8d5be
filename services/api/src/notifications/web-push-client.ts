import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import http from 'node:http';
import https from 'node:https';
import { generateRequestDetails, type RequestDetails } from 'web-push';
import { AppConfig } from '../config/app-config';
import type { PushTarget } from './player-channels';
import type { PushText } from './notice-texts';
import { PushAddressRefused, PushEndpoints } from './push-endpoints';

/**
 * How one push ended: delivered, the subscription gone for good, refused for this message, try
 * again, or forbidden: the endpoint fails the address rule by its text (saved by an older
 * install), so it is never sent to and goes like a gone one.
 */
export type PushOutcome = 'sent' | 'gone' | 'refused' | 'retry' | 'forbidden';

export interface PushResult {
  outcome: PushOutcome;
  status: number | null;
  /** Why the address rule stopped it (forbidden, or refused before connecting), for the log. */
  reason?: string;
}

const PUSH_TIMEOUT_MS = 10_000;

/**
 * Web push (RFC 8030) with VAPID (RFC 8292) and the aes128gcm payload encryption of RFC 8291:
 * `web-push` builds the request (encrypts, signs the JWT) and it is sent here through agents whose
 * `lookup` is the address rule's (push-endpoints.ts): the socket goes to an address that was just
 * checked. web-push's own sender would take such an agent too, but speaks https only, and a
 * development push service is plain http.
 */
@Injectable()
export class WebPushClient implements OnModuleDestroy {
  private readonly agents: Record<'http:' | 'https:', http.Agent>;

  constructor(
    private readonly config: AppConfig,
    private readonly endpoints: PushEndpoints,
  ) {
    const options = { keepAlive: true, lookup: endpoints.lookup };
    this.agents = { 'http:': new http.Agent(options), 'https:': new https.Agent(options) };
  }

  get enabled(): boolean {
    return this.config.vapid !== undefined;
  }

  async send(target: PushTarget, push: PushText): Promise<PushResult> {
    const vapid = this.config.vapid;
    if (!vapid) throw new Error('web push is not configured (VAPID_*)');
    const refusal = this.endpoints.textRefusal(target.endpoint);
    if (refusal) return { outcome: 'forbidden', status: null, reason: refusal };
    const request = generateRequestDetails(
      { endpoint: target.endpoint, keys: target.keys },
      JSON.stringify(push.notice),
      {
        TTL: push.ttlSeconds,
        urgency: push.urgency,
        topic: push.notice.tag.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 32),
        contentEncoding: 'aes128gcm',
        vapidDetails: { subject: vapid.subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
      },
    );
    let status: number;
    try {
      status = await this.post(request);
    } catch (error) {
      if (error instanceof PushAddressRefused) return { outcome: 'refused', status: null, reason: error.reason };
      return { outcome: 'retry', status: null };
    }
    return { outcome: outcomeOf(status), status };
  }

  onModuleDestroy(): void {
    this.agents['http:'].destroy();
    this.agents['https:'].destroy();
  }

  /** One POST; a redirect is an answer like any other (never followed), the body is not read. */
  private post(request: RequestDetails): Promise<number> {
    const url = new URL(request.endpoint);
    const protocol = url.protocol === 'https:' ? 'https:' : 'http:';
    const send = protocol === 'https:' ? https.request : http.request;
    return new Promise((resolve, reject) => {
      const outgoing = send(
        url,
        {
          method: 'POST',
          headers: request.headers,
          agent: this.agents[protocol],
          signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
        },
        (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        },
      );
      outgoing.on('error', reject);
      outgoing.end(request.body ?? undefined);
    });
  }
}

/** RFC 8030 section 7 and the push services' practice: 404 and 410 mean the subscription is gone. */
export function outcomeOf(status: number): PushOutcome {
  if (status >= 200 && status < 300) return 'sent';
  if (status === 404 || status === 410) return 'gone';
  if (status === 429 || status >= 500) return 'retry';
  return 'refused';
}
