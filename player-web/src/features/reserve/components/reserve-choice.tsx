import { dayText, hourRange } from '../../../lib/format';
import { ui } from '../../../lib/messages';
import { useClubToday } from '../../../lib/site-clock';

interface ReserveChoiceProps {
  date: string | null;
  hour: number | null;
  /** The hour is taken on every court: the line, not the courts, comes next. */
  taken: boolean;
}

/**
 * A desktop's third column before the court: what is chosen so far, where the courts and then the
 * summary will come, so that the layout does not jump when they do.
 */
export function ReserveChoice({ date, hour, taken }: ReserveChoiceProps) {
  const today = useClubToday();
  return (
    <>
      <h2>{ui.reserve.choice.title}</h2>
      <dl className="reserve-choice">
        <dt>{ui.reserve.summary.date}</dt>
        <dd className={date ? undefined : 'muted'}>{date ? dayText(date, today) : ui.reserve.choice.noDate}</dd>
        <dt>{ui.reserve.summary.time}</dt>
        <dd className={hour === null ? 'muted' : undefined}>
          {hour === null ? ui.reserve.choice.noHour : hourRange(hour)}
        </dd>
      </dl>
      <p className="muted">{taken ? ui.reserve.choice.lineHint : ui.reserve.choice.hint}</p>
    </>
  );
}
