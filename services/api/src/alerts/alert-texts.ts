import { ALERT_TITLES, type AgentAlarm, type AlertKind } from '@kort/contracts';
import type { TelegramText } from '../notifications/notice-texts';
import type { ClubClock } from '../time/site-time';

// What an alert says, in Russian: its one sentence (`detail`, kept with the alert) and the Telegram
// message to the site's staff. No figure an alarm carries is a secret; neither is anything here.

const round = (value: number | undefined) => (value === undefined ? undefined : Math.round(value));

/** The sentence of an agent's alarm, with its figure when it sent one (°C, %, seconds). */
export function alarmDetail(alarm: AgentAlarm, value: number | undefined): string {
  const figure = round(value);
  switch (alarm) {
    case 'door.held-open':
      return figure === undefined ? 'Дверь осталась открытой после входа' : `Дверь открыта ${figure} с после входа`;
    case 'door.forced':
      return 'Датчик: дверь открылась без команды, кода или кнопки выхода';
    case 'tamper':
      return 'Сработал датчик вскрытия корпуса';
    case 'pi.temperature':
      return figure === undefined ? 'Процессор перегрет' : `Температура процессора ${figure} °C`;
    case 'pi.disk':
      return figure === undefined ? 'Диск почти заполнен' : `Диск заполнен на ${figure} %`;
    case 'pi.clock':
      return figure === undefined ? 'Часы расходятся с сервером' : `Часы расходятся с сервером на ${figure} с`;
  }
}

/** A moment on the site's clock: the time alone on `now`'s day, else '24.11.2026, 19:42'. */
export function momentText(clock: ClubClock, instant: Date, now: Date): string {
  return clock.dateOf(instant) === clock.dateOf(now)
    ? clock.time(instant)
    : clock.local(instant).toFormat('dd.MM.yyyy, HH:mm');
}

/** `agent.offline`'s sentence: since when the agent is silent, and the limit that raised it. */
export function offlineDetail(clock: ClubClock, lastSeen: Date, now: Date, limitMin: number): string {
  return `Нет связи с агентом дольше ${limitMin} мин, последний сигнал в ${momentText(clock, lastSeen, now)}`;
}

export interface AlertMessage {
  siteName: string;
  kind: AlertKind;
  detail: string;
  offline: boolean;
  raisedAt: Date;
  resolvedAt: Date | null;
}

/**
 * «⚠️ Корт на Ленина: Дверь открыта без команды — 19:42», its sentence, whether it came after a
 * period without the link, whether it is over already, and where the dashboard lists it.
 */
export function alertTelegram(alert: AlertMessage, clock: ClubClock, now: Date, alertsUrl: string): TelegramText {
  const lines = [
    `⚠️ ${alert.siteName}: ${ALERT_TITLES[alert.kind]} — ${momentText(clock, alert.raisedAt, now)}`,
    alert.detail,
  ];
  if (alert.offline) lines.push('Случилось, пока не было связи с сервером: пришло после её восстановления.');
  if (alert.resolvedAt) lines.push(`Уже закончилось: ${momentText(clock, alert.resolvedAt, now)}.`);
  lines.push(`Тревоги: ${alertsUrl}`);
  return { text: lines.join('\n') };
}
