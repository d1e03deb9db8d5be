import { PaymentError, type CreatePaymentBody, type PaymentCreated, type PaymentMethod } from '@kort/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from './api-client';
import { errorOf } from './errors';
import { refreshBookings } from './query-keys';

/**
 * POST /api/payments/: a payment for a game held for the player, by card or SBP; the answer says
 * where YooKassa takes the player (its page, or the bank's for SBP). The same call twice is the same
 * payment on the server. Shared by the booking's payment step (reserve) and a game waiting for its
 * payment (My games, the game's card), hence here and not in one feature.
 */
export const createPayment = (bookingId: number, method: PaymentMethod) =>
  api<PaymentCreated>('POST', '/api/payments/', { booking_id: bookingId, method } satisfies CreatePaymentBody);

/** The browser leaves for the payment page, in an object so that tests can watch it (jsdom cannot navigate). */
export const paymentPage = { open: (url: string) => window.location.assign(url) };

/**
 * Pays for a game: on the answer the browser goes to `confirmation_url` (YooKassa brings the player
 * back to /profile?payment=<game>). A hold that ran out meanwhile released the game: my games and the
 * day's hours are asked again.
 */
export function usePayGame() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ bookingId, method }: { bookingId: number; method: PaymentMethod }) =>
      createPayment(bookingId, method),
    onSuccess: (answer) => paymentPage.open(answer.confirmation_url),
    onError: (failure) => {
      if (errorOf(failure).code === PaymentError.HoldExpired) void refreshBookings(queryClient);
    },
  });
}
