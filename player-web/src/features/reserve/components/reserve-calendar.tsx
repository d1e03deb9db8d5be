import { ui } from '../../../lib/messages';
import type { ReserveFlow } from '../hooks/use-reserve-flow';
import { MonthCalendar } from './month-calendar';

/**
 * The booking's calendar, on its own step or beside the dial: a day chosen on its own step moves
 * on, beside the dial it replaces the date; another month forgets the date chosen.
 */
export function ReserveCalendar({ flow }: { flow: ReserveFlow }) {
  const { now, month, days, rules, bookedDays, dayLimits, steps, step } = flow;
  if (!now || !month || !days) return <p role="status">{ui.loading}</p>;
  return (
    <MonthCalendar
      year={month.year}
      month={month.month}
      today={now.date}
      lastDate={days.last}
      rules={rules}
      waitlist
      unavailableDays={bookedDays.data ?? []}
      limits={dayLimits ?? []}
      // Days whose answer failed stay choosable (the server refuses what is taken); limits that
      // cannot be read mark nothing (the server still refuses, 418).
      loading={(!bookedDays.data && !bookedDays.isError) || dayLimits === null}
      value={steps.pickedDate}
      onChange={(value) => {
        flow.setChosenMonth(null);
        // From the calendar's own step a step forward; beside the dial, another date for the same step.
        (step === 'date' ? steps.forward : steps.replace)({ date: value, hour: null, court: null });
      }}
      onMonthChange={(year, next) => {
        flow.setChosenMonth({ year, month: next });
        steps.forgetDate();
        if (flow.day.date !== null) steps.replace({ date: null, hour: null, court: null });
      }}
    />
  );
}
