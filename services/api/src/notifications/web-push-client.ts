import { Injectable } from '@nestjs/common';
import { generateRequestDetails } from 'web-push';
import { AppConfig } from '../config/app-config';
import type { PushTarget } from './player-channels';
import type { PushText } from './notice-texts';

/** How one push ended: delivered, the subscription gone for good, refused for this message, or try again. */
export type PushOutcome = 'sent' | 'gone' | 'refused' | 'retry';

const PUSH_TIMEOUT_MS = 10_000;

/**
 * Web push (RFC 8030) with VAPID (RFC 8292) and the aes128gcm payload encryption of RFC 8291:
 * `web-push` builds the request (encrypts, signs the JWT) and it is sent here with fetch, which
 * gives a timeout and lets a development push service be plain http (web-push's own sender speaks
 * https only). Production takes https endpoints only (the subscribe route checks it).
 */
@Injectable()
export class WebPushClient {
  constructor(private readonly config: AppConfig) {}

  get enabled(): boolean {
    return this.config.vapid !== undefined;
  }

  async send(target: PushTarget, push: PushText): Promise<{ outcome: PushOutcome; status: number | null }> {
    const vapid = this.config.vapid;
    if (!vapid) throw new Error('web push is not configured (VAPID_*)');
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
      const response = await fetch(request.endpoint, {
        method: 'POST',
        headers: request.headers as Record<string, string>,
        body: request.body ?? undefined,
        redirect: 'error',
        signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
      });
      await response.body?.cancel();
      status = response.status;
    } catch {
      return { outcome: 'retry', status: null };
    }
    return { outcome: outcomeOf(status), status };
  }
}

/** RFC 8030 section 7 and the push services' practice: 404 and 410 mean the subscription is gone. */
export function outcomeOf(status: number): PushOutcome {
  if (status >= 200 && status < 300) return 'sent';
  if (status === 404 || status === 410) return 'gone';
  if (status === 429 || status >= 500) return 'retry';
  return 'refused';
}
