import { BookingError, type Court, type PaymentDue } from '@kort/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useToast } from '../../../components/ui/toasts';
import { clubRulesQuery } from '../../../lib/club-rules';
import { errorOf } from '../../../lib/errors';
import { queryKeys, refreshBookings } from '../../../lib/query-keys';
import { startOfHour, type SiteNow } from '../../../lib/site-clock';
import { useJoinWaitlist } from '../api/join-waitlist';
import { useOrderCourt } from '../api/order-court';
import type { StepParams } from './use-reserve-steps';

/** A priced game just booked and held for its payment: the payment step shows it. */
export interface HeldGame {
  due: PaymentDue;
  date: string;
  hour: number;
  court: string;
}

/** Refusals that mean the club's shape changed under the player's choice: asked again, a step back. */
const SHAPE_CHANGED: readonly string[] = [BookingError.SlotClosed, BookingError.OutsideHours];

interface ActionsContext {
  now: SiteNow | null;
  /** Back to an earlier step without a new history entry (the refusal is the reason). */
  fallBack: (params: StepParams) => void;
  /** The hour chosen anew: a closed hour is no longer chosen. */
  pickHour: (hour: number | null) => void;
  /** Asks the day's hours again (a court came free, or was taken meanwhile). */
  refetchHours: () => unknown;
}

/**
 * The two things /reserve sends: a place in line for a taken hour, and the booking itself. A free
 * game booked goes to My games; a priced one is held for its payment, which the payment step asks
 * for (`held`). Each refusal says why (a toast with the API's words) and goes back to the step where
 * the player can choose again, with what changed asked for again.
 */
export function useReserveActions({ now, fallBack, pickHour, refetchHours }: ActionsContext) {
  const navigate = useNavigate();
  const toast = useToast();
  const queryClient = useQueryClient();
  const join = useJoinWaitlist();
  const order = useOrderCourt();
  // The answer of a join, shown until the places are read again.
  const [joined, setJoined] = useState<{ date: string; hour: number; position: number } | null>(null);
  const [held, setHeld] = useState<HeldGame | null>(null);
  const refused = (failure: unknown) => toast(errorOf(failure).text, 'error');

  function joinLine(date: string, hour: number) {
    if (!now) return;
    join.mutate(startOfHour(date, hour, now.zone), {
      onSuccess: (answer) => (toast(answer.detail), setJoined({ date, hour, position: answer.position })),
      onError: (failure) => {
        refused(failure);
        // A court came free meanwhile, or the club closed the hour: the dial is asked again and shows it.
        const { code } = errorOf(failure);
        if (code === BookingError.WaitlistCourtFree || SHAPE_CHANGED.includes(code)) void refetchHours();
      },
    });
  }

  function book(date: string, hour: number, court: Court) {
    if (!now) return;
    order.mutate(
      { idCort: court.id_cort, timeStart: startOfHour(date, hour, now.zone) },
      {
        onSuccess: (answer) => {
          if (answer.payment) return setHeld({ due: answer.payment, date, hour, court: court.name });
          toast(answer.detail);
          void navigate('/profile');
        },
        onError: (failure) => {
          refused(failure);
          const { code } = errorOf(failure);
          // Taken meanwhile: back to the hours, asked for again (the hour stays chosen: the line).
          if (code === BookingError.SlotTaken) {
            void refetchHours();
            fallBack({ date, hour: null, court: null });
          }
          // Closed by the club meanwhile (the API's detail says why): back to the hours, asked for
          // again with the club's rules, the hour chosen anew.
          if (SHAPE_CHANGED.includes(code)) {
            void refreshBookings(queryClient);
            void queryClient.invalidateQueries({ queryKey: clubRulesQuery.queryKey });
            pickHour(null);
            fallBack({ date, hour: null, court: null });
          }
          // The court taken out of booking meanwhile: back to the courts, the list asked for again.
          if (code === BookingError.CourtInactive) {
            void queryClient.invalidateQueries({ queryKey: queryKeys.booking.courts });
            void queryClient.invalidateQueries({ queryKey: queryKeys.booking.allCourtsStatus });
            fallBack({ date, hour, court: null });
          }
          // Paused meanwhile (a no-show released): the screen says until when.
          if (code === BookingError.PausedForNoShows)
            void queryClient.invalidateQueries({ queryKey: queryKeys.booking.allBookingLimits });
        },
      },
    );
  }

  return { joinLine, joining: join.isPending, joined, book, booking: order.isPending, held, refused };
}
