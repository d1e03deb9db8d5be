import type { Court, CourtsStatus } from '@kort/contracts';
import { ui } from '../../../lib/messages';
import { longDate } from '../../../lib/format';
import './reserve.css';
import './booking-steps.css';

interface CourtStepProps {
  /** 'YYYY-MM-DD' */
  date: string;
  hour: number;
  /** The club's courts open for booking, in its order (GET /api/get_courts/): two, three or more. */
  courts: readonly Court[];
  /** Which of them cannot be booked at that hour and why; null while it is asked for. */
  status: CourtsStatus | null;
  onChoose: (court: Court) => void;
  onBack: () => void;
  /** 1 on its own step (a phone), 2 in a desktop's third column, where the page has its h1. */
  headingLevel?: 1 | 2;
}

/**
 * The court step of a booking: one button per court. A taken court is off and says «занят»; one a
 * closure keeps closed is off and says why, under its name («Закрыт: Ремонт покрытия»). Every court
 * waits for the hour's status.
 */
export function CourtStep({ date, hour, courts, status, onChoose, onBack, headingLevel = 1 }: CourtStepProps) {
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  const closedWhy = (court: Court) => status?.closed_courts?.find((closed) => closed.id_cort === court.id_cort)?.reason;
  return (
    <>
      <Heading>{ui.reserve.chooseCourt}</Heading>
      <p>{ui.reserve.dateAndHour(longDate(date), hour)}</p>
      <div className="courts" aria-busy={status === null}>
        {courts.map((court) => {
          const busy = status?.busy_courts.includes(court.id_cort) ?? true;
          const reason = closedWhy(court);
          return (
            <button
              key={court.id_cort}
              type="button"
              className={`court primary${reason === undefined ? '' : ' is-closed'}`}
              disabled={busy}
              onClick={() => onChoose(court)}
            >
              {court.name}
              {reason !== undefined ? (
                <span className="court-state is-closed">
                  {/* Read as one name: 'Корт 2 — Закрыт: Ремонт покрытия'. */}
                  <span className="reserve-sr-only"> — </span>
                  {ui.reserve.courtClosed(reason)}
                </span>
              ) : (
                status !== null && busy && <span className="court-state">{ui.reserve.courtTaken}</span>
              )}
            </button>
          );
        })}
      </div>
      <div className="actions">
        <button type="button" onClick={onBack}>
          {ui.back}
        </button>
      </div>
    </>
  );
}
