import { formatRoubles, type Court, type CourtsStatus } from '@kort/contracts';
import { ui } from '../../../lib/messages';
import { dayText } from '../../../lib/format';
import { useClubToday } from '../../../lib/site-clock';
import { kopecksIn } from '../../../lib/money';
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
 * What the courts open at the hour cost (`prices` of the status, at a club with prices): each one's
 * price when they differ (a free one «бесплатно»), else the one price for all, or nothing when the
 * hour is free everywhere or the club has no prices. A taken or closed court shows none.
 */
function courtPrices(courts: readonly Court[], status: CourtsStatus | null) {
  const prices = new Map((status?.prices ?? []).map((price) => [price.id_cort, kopecksIn(price.amount)] as const));
  const open = courts.filter((court) => prices.has(court.id_cort) && !status?.busy_courts.includes(court.id_cort));
  const shown = new Set(open.map((court) => prices.get(court.id_cort)!));
  const differ = shown.size > 1;
  const [one = 0] = shown;
  return {
    /** The price written on an open court's button, when the open courts differ. */
    of: (court: Court): string | null => {
      const kopecks = differ && open.includes(court) ? prices.get(court.id_cort) : undefined;
      return kopecks === undefined ? null : kopecks === 0 ? ui.payment.free : formatRoubles(kopecks);
    },
    /** The price of every open court alike, when it is not free. */
    all: !differ && one > 0 ? formatRoubles(one) : null,
  };
}

/**
 * The court step of a booking: one button per court. A taken court is off and says «занят»; one a
 * closure keeps closed is off and says why, under its name («Закрыт: Ремонт покрытия»). Every court
 * waits for the hour's status. At a club with prices the courts say what they cost (courtPrices).
 */
export function CourtStep({ date, hour, courts, status, onChoose, onBack, headingLevel = 1 }: CourtStepProps) {
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  const today = useClubToday();
  const closedWhy = (court: Court) => status?.closed_courts?.find((closed) => closed.id_cort === court.id_cort)?.reason;
  const prices = courtPrices(courts, status);
  return (
    <>
      <Heading>{ui.reserve.chooseCourt}</Heading>
      <p>{ui.reserve.dateAndHour(dayText(date, today), hour)}</p>
      {prices.all && <p className="courts-price">{ui.payment.hourPrice(prices.all)}</p>}
      <div className="courts" aria-busy={status === null}>
        {courts.map((court) => {
          const busy = status?.busy_courts.includes(court.id_cort) ?? true;
          const reason = closedWhy(court);
          const price = prices.of(court);
          return (
            <button
              key={court.id_cort}
              type="button"
              className={`court primary${reason === undefined ? '' : ' is-closed'}`}
              disabled={busy}
              onClick={() => onChoose(court)}
            >
              {court.name}
              {price && (
                <span className="court-price">
                  <span className="reserve-sr-only"> — </span>
                  {price}
                </span>
              )}
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
