import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { WAITLIST_HOLD_MINUTES, type PushNotice } from '@kort/contracts';
import { CourtsService } from '../club/courts.service';
import { AppConfig } from '../config/app-config';
import type { OutgoingMail } from '../mail/mail-sender';
import { letters } from '../mail/templates';
import { SitesService } from '../sites/sites.service';
import { SiteTime, type ClubClock } from '../time/site-time';
import type { Notice } from './notices';
import { paymentNoticeText } from './payment-notice-texts';

/** A Telegram message: plain text (no markup to escape) and, for an offer, its buttons. */
export interface TelegramText {
  text: string;
  buttons?: ({ text: string; callback_data: string } | { text: string; url: string })[][];
}

/** A push: what the service worker shows, how long the push service may keep it, how urgent it is. */
export interface PushText {
  notice: PushNotice;
  ttlSeconds: number;
  urgency: 'normal' | 'high';
}

const DAY_S = 24 * 3600;
/** The callback data of an offer's «Подтвердить» button (64 bytes at most, Telegram's limit). */
export const confirmData = (entryId: number): string => `confirm:${entryId}`;

/**
 * Each notice as each channel says it, in Russian, with the club's court names and the local dates
 * of the game's own site (whatever site the player has chosen since). Rendered when sent, not when
 * queued: a court renamed meanwhile is named as it is now.
 */
@Injectable()
export class NoticeTexts {
  constructor(
    private readonly time: SiteTime,
    private readonly courts: CourtsService,
    private readonly config: AppConfig,
    private readonly sites: SitesService,
    private readonly db: DataSource,
  ) {}

  /** The clock of the site the notice's game (or place in line) is at. */
  private async clockOf(notice: Notice): Promise<ClubClock> {
    const siteId =
      'courtId' in notice
        ? (await this.courts.find(notice.courtId))?.siteId
        : await this.siteOfRow('bookingId' in notice ? 'bookings' : 'waitlist_entries', this.rowOf(notice));
    const site = (siteId ? await this.sites.find(siteId) : null) ?? (await this.sites.forPlayer(null));
    return this.time.of(site);
  }

  private rowOf(notice: Notice): number {
    return 'bookingId' in notice ? notice.bookingId : notice.entryId;
  }

  private async siteOfRow(table: 'bookings' | 'waitlist_entries', id: number): Promise<string | undefined> {
    const [row] = await this.db.query<{ site_id: string }[]>(`SELECT site_id FROM ${table} WHERE id = $1`, [id]);
    return row?.site_id;
  }

  async letter(notice: Notice, to: string, name: string): Promise<OutgoingMail> {
    const clock = await this.clockOf(notice);
    const startsAt = new Date(notice.startsAt);
    const date = clock.longDate(startsAt);
    const time = clock.time(startsAt);
    switch (notice.type) {
      case 'reminder':
        return letters.gameReminder(to, {
          date,
          weekday: clock.weekday(startsAt),
          time,
          court: await this.courts.label(notice.courtId),
        });
      case 'waitlist-offer':
        return letters.waitlistOffer(to, {
          date,
          time,
          court: await this.courts.label(notice.courtId),
          holdMinutes: WAITLIST_HOLD_MINUTES,
        });
      case 'waitlist-skipped':
        return letters.waitlistSkipped(to, {
          date,
          time,
          court: await this.courts.label(notice.courtId),
          reason: notice.reason,
        });
      case 'waitlist-closed':
        return letters.waitlistClosed(to, { date, time, reason: notice.reason });
      case 'club-cancelled':
        return letters.gameCancelledByClub(
          to,
          name,
          { date, weekday: clock.weekday(startsAt), time, court: await this.courts.label(notice.courtId) },
          notice.reason ?? undefined,
        );
      case 'no-show':
        return letters.noShow(to, { date, time, afterMin: notice.afterMin });
      case 'payment': {
        const text = paymentNoticeText(notice, `${date} в ${time}`, await this.courts.label(notice.courtId));
        return letters.plain(to, text.title, text.body);
      }
    }
  }

  async telegram(notice: Notice, name: string): Promise<TelegramText> {
    const clock = await this.clockOf(notice);
    const startsAt = new Date(notice.startsAt);
    const when = `${clock.longDate(startsAt)} (${clock.weekday(startsAt)}) в ${clock.time(startsAt)}`;
    switch (notice.type) {
      case 'reminder':
        return {
          text: [
            `⏰ Напоминание: игра ${when}, ${await this.courts.label(notice.courtId)}.`,
            'Код двери появится на экране у входа за 15 минут до начала.',
            'Если планы изменились, отмените игру в приложении не позднее чем за 1 час до начала.',
          ].join('\n'),
        };
      case 'waitlist-offer': {
        const holdUntil = clock.time(new Date(notice.holdUntil));
        const open = this.myGamesUrl(notice.entryId);
        return {
          text: [
            `🎾 ${name}, корт освободился: ${when}, ${await this.courts.label(notice.courtId)}. Вы первый в очереди.`,
            `Держим его для вас до ${holdUntil}. Нажмите «Подтвердить», и игра ваша.`,
            'Если не подтвердить, корт перейдёт следующему в очереди.',
          ].join('\n'),
          buttons: [
            [{ text: 'Подтвердить', callback_data: confirmData(notice.entryId) }],
            ...(open ? [[{ text: 'Открыть «Мои игры»', url: open }]] : []),
          ],
        };
      }
      case 'waitlist-skipped':
        return {
          text: [
            `Корт освободился (${when}, ${await this.courts.label(notice.courtId)}), но записать вас не получилось: ${notice.reason}.`,
            'Корт передан следующему в очереди.',
          ].join('\n'),
        };
      case 'waitlist-closed':
        return {
          text: [
            `Очередь на ${when} снята: в это время клуб закрыт (${notice.reason}).`,
            'Выберите другое время в приложении.',
          ].join('\n'),
        };
      case 'club-cancelled':
        return {
          text: [
            `❌ Клуб отменил вашу игру: ${when}, ${await this.courts.label(notice.courtId)}.`,
            ...(notice.reason ? [`Причина: ${notice.reason}.`] : []),
            'Приносим извинения. Выберите другое время в приложении.',
          ].join('\n'),
        };
      case 'no-show':
        return {
          text: [
            `Игра ${when} отмечена как неявка: дверь не открыли в течение ${notice.afterMin} минут после начала, корт освобождён.`,
            'Если вы были на корте, напишите клубу: администратор может отменить отметку.',
          ].join('\n'),
        };
      case 'payment':
        return { text: paymentNoticeText(notice, when, await this.courts.label(notice.courtId)).body };
    }
  }

  async push(notice: Notice, now: Date): Promise<PushText> {
    const clock = await this.clockOf(notice);
    const startsAt = new Date(notice.startsAt);
    const slot = `${clock.longDate(startsAt)}, ${clock.time(startsAt)}`;
    const untilStart = Math.floor((startsAt.getTime() - now.getTime()) / 1000);
    switch (notice.type) {
      case 'reminder':
        return {
          notice: {
            title: `Игра в ${clock.time(startsAt)}`,
            body: `${slot}, ${await this.courts.label(notice.courtId)}. Код двери будет на экране у входа.`,
            url: '/profile',
            tag: `reminder-${notice.bookingId}`,
          },
          ttlSeconds: Math.max(0, untilStart),
          urgency: 'normal',
        };
      case 'waitlist-offer': {
        const holdUntil = new Date(notice.holdUntil);
        return {
          notice: {
            title: 'Корт освободился — он ваш',
            body: `${slot}, ${await this.courts.label(notice.courtId)}. Держим до ${clock.time(holdUntil)}: подтвердите в «Моих играх».`,
            url: `/profile?offer=${notice.entryId}`,
            tag: `offer-${notice.entryId}`,
          },
          // The hold is the offer: a push delivered after it would offer what is gone.
          ttlSeconds: Math.max(0, Math.floor((holdUntil.getTime() - now.getTime()) / 1000)),
          urgency: 'high',
        };
      }
      case 'waitlist-skipped':
        return {
          notice: {
            title: 'Очередь: корт передан следующему',
            body: `${slot}: ${notice.reason}.`,
            url: '/profile',
            tag: `waitlist-${notice.entryId}`,
          },
          ttlSeconds: Math.max(0, untilStart),
          urgency: 'normal',
        };
      case 'waitlist-closed':
        return {
          notice: {
            title: 'Очередь снята: клуб закрыт',
            body: `${slot}: ${notice.reason}.`,
            url: '/reserve',
            tag: `waitlist-${notice.entryId}`,
          },
          ttlSeconds: Math.max(0, untilStart),
          urgency: 'normal',
        };
      case 'club-cancelled':
        return {
          notice: {
            title: 'Клуб отменил вашу игру',
            body: `${slot}, ${await this.courts.label(notice.courtId)}${notice.reason ? `. Причина: ${notice.reason}` : ''}.`,
            url: '/profile',
            tag: `game-${notice.bookingId}`,
          },
          ttlSeconds: Math.max(60, untilStart),
          urgency: 'high',
        };
      case 'no-show':
        return {
          notice: {
            title: 'Неявка: корт освобождён',
            body: `${slot}: дверь не открыли за ${notice.afterMin} минут после начала.`,
            url: '/profile',
            tag: `game-${notice.bookingId}`,
          },
          ttlSeconds: DAY_S,
          urgency: 'normal',
        };
      case 'payment': {
        const text = paymentNoticeText(notice, slot, await this.courts.label(notice.courtId));
        return {
          notice: { ...text, url: '/profile', tag: `payment-${notice.refundId ?? notice.bookingId}` },
          ttlSeconds: DAY_S,
          urgency: 'normal',
        };
      }
    }
  }

  /** A link button only where Telegram accepts one: an https address that is not this machine. */
  private myGamesUrl(entryId: number): string | null {
    const base = new URL(this.config.publicUrl);
    if (base.protocol !== 'https:' || ['localhost', '127.0.0.1', '[::1]'].includes(base.hostname)) return null;
    return new URL(`/profile?offer=${entryId}`, base).toString();
  }
}
