import { Logger } from '@nestjs/common';
import { Registry } from 'prom-client';
import { SystemClock } from '../common/clock';
import { MetricsService } from '../metrics/metrics.service';
import { WEBHOOK_REFUSALS_REPORT_MS, WebhookRefusals } from './webhook-refusals';

afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

// The integration test (test/notifications/telegram-webhook-refusals.test.ts) moves a test clock, and
// each minute's count is written by the refusal after it. Here: the timer that writes it when none follows.
test("a burst's last minute is written by the timer when no refusal follows; a quiet minute ends the burst", () => {
  jest.useFakeTimers();
  const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
  const refusals = new WebhookRefusals(new MetricsService(new Registry()), new SystemClock());
  const said = () => warn.mock.calls.map(([, message]) => message as string);

  for (let i = 0; i < 25; i += 1) refusals.refused('wrong', '203.0.113.5');
  expect(said()).toEqual(['telegram webhook refused: wrong or missing secret']);
  jest.advanceTimersByTime(WEBHOOK_REFUSALS_REPORT_MS);
  expect(said()).toEqual([
    'telegram webhook refused: wrong or missing secret',
    'telegram webhook refused: 24 more in the last minute',
  ]);
  // A minute with nothing: the burst is over, the timer stops, and the next refusal is a first line again.
  jest.advanceTimersByTime(WEBHOOK_REFUSALS_REPORT_MS);
  expect(jest.getTimerCount()).toBe(0);
  refusals.refused('missing', '203.0.113.5');
  expect(said()).toHaveLength(3);
  expect(said()[2]).toBe('telegram webhook refused: wrong or missing secret');
  refusals.onModuleDestroy();
  expect(jest.getTimerCount()).toBe(0);
});
