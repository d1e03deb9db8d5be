import type { AvailableTimes, BookingRules, WaitlistPlace } from '@kort/contracts';
import type { ReactNode } from 'react';
import { ui } from '../../../lib/messages';
import type { ClubNow, DialDay } from './dial-geometry';
import { HourList } from './hour-list';
import { TimeDial } from './time-dial';
import { WaitlistChoice } from './waitlist-choice';

/** The line for a taken hour, as the page knows it. */
export interface LineState {
  /** Taken hours of this day can be chosen for a place in line (the player's quotas allow the day). */
  open: boolean;
  /** Taken hours the player waits in line for. */
  queued: readonly number[];
  /** The chosen hour is taken on every court: the line instead of a court. */
  chosenTaken: boolean;
  place: WaitlistPlace | undefined;
  position: number | null;
  joining: boolean;
  onJoin: () => void;
}

interface TimeStepProps {
  /** 1 on its own step (a phone), 2 beside the calendar (a desktop). */
  headingLevel: 1 | 2;
  date: string | null;
  now: ClubNow | null;
  times: AvailableTimes | undefined;
  /** The day as the dial draws it, once its hours are in. */
  day: DialDay | null;
  rules: BookingRules;
  value: number | null;
  onChange: (hour: number) => void;
  line: LineState;
  /** The chosen hour can be booked: «Далее» leads to the courts. */
  canGoOn: boolean;
  onNext: () => void;
  /** A second action beside «Далее» («Назад»), if the layout has one here. */
  back?: ReactNode;
  /** False while a desktop's third column goes on with the court: the step's own actions are done. */
  actions?: boolean;
}

/**
 * The hour: the dial, the same hours as a list beside it, and the action they lead to right under
 * them («Далее», or «Встать в очередь» for a taken hour), held in view while either is scrolled.
 */
export function TimeStep({
  headingLevel,
  date,
  now,
  times,
  day,
  rules,
  value,
  onChange,
  line,
  ...rest
}: TimeStepProps) {
  if (!date || !now || !times || !day) {
    const Heading = headingLevel === 1 ? 'h1' : 'h2';
    return (
      <>
        <Heading className="time-dial-title">{ui.reserve.chooseTime}</Heading>
        <p role="status" className={date ? undefined : 'muted'}>
          {date ? ui.loading : ui.reserve.chooseDateFirst}
        </p>
      </>
    );
  }
  const action = line.chosenTaken ? (
    <button
      type="button"
      className="primary"
      disabled={line.joining || line.place !== undefined || line.position !== null}
      onClick={line.onJoin}
    >
      {line.joining ? ui.wait : ui.waitlist.join}
    </button>
  ) : (
    <button type="button" className="primary" disabled={!rest.canGoOn} onClick={rest.onNext}>
      {ui.next}
    </button>
  );
  return (
    <div className="time-step">
      <TimeDial
        date={date}
        now={now}
        reserved={times.reserved}
        mine={times.reserved_hours_by_current_user}
        limit={day.limit ?? null}
        value={value}
        onChange={onChange}
        headingLevel={headingLevel}
        waitlist={line.open}
        queued={line.queued}
        rules={rules}
        closed={times.closed}
        prices={day.prices}
      />
      {line.chosenTaken && value !== null && (
        <WaitlistChoice hour={value} place={line.place} position={line.place?.position ?? line.position} />
      )}
      <HourList day={day} value={value} onChange={onChange} waitlist={line.open} queued={line.queued} />
      {/* After the list, held at the bottom of the screen: in reach from the dial and from every row. */}
      {rest.actions !== false && (
        <div className="actions time-step-actions">
          {action}
          {rest.back}
        </div>
      )}
    </div>
  );
}
