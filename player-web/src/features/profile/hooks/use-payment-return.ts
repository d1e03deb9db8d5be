import type { MyOrder } from '@kort/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { queryKeys } from '../../../lib/query-keys';
import { loadMyOrders } from '../api/my-orders';

/** How often my games is asked while a payment is being checked, and for how long at most. */
export const PAYMENT_POLL_MS = 2_000;
export const PAYMENT_CHECK_MS = 60_000;

/**
 * Where the game the player just paid for stands: its payment being checked (still pending, or my
 * games not in yet), paid, its money already (partly) back, gone from my games, or still pending
 * after a minute of checking.
 */
export type PaymentReturn =
  { state: 'checking' } | { state: 'paid' | 'settled' | 'slow'; game: MyOrder } | { state: 'gone' };

/** The game of `?payment=<id>`, where YooKassa sends the player back; null for anything else. */
function paidGameOf(params: URLSearchParams): number | null {
  const id = Number(params.get('payment'));
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

function outcomeOf(games: MyOrder[] | null, id: number, gaveUp: boolean): PaymentReturn | null {
  if (games === null) return { state: 'checking' };
  const game = games.find((entry) => entry.id === id);
  if (!game) return { state: 'gone' };
  switch (game.payment?.status) {
    case undefined:
      return null;
    case 'pending':
      return gaveUp ? { state: 'slow', game } : { state: 'checking' };
    case 'paid':
      return { state: 'paid', game };
    case 'refunded':
    case 'partially_refunded':
      return { state: 'settled', game };
  }
}

/**
 * Back from the payment page (`/profile?payment=<id>`): the game's payment as my games says it. While
 * it is pending, my games is asked every PAYMENT_POLL_MS, for PAYMENT_CHECK_MS at most (YooKassa tells
 * the API a moment after the player paid). A poll that fails is let go: the next one asks again, and
 * the screen keeps what it has. Once there is an outcome the address drops `payment` (a reload does
 * not check again); the outcome stays on screen.
 */
export function usePaymentReturn(games: MyOrder[] | null): PaymentReturn | null {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const asked = paidGameOf(params);
  const [watched, setWatched] = useState<{ id: number; gaveUp: boolean } | null>(null);
  if (asked !== null && asked !== watched?.id) setWatched({ id: asked, gaveUp: false });
  const outcome = watched && outcomeOf(games, watched.id, watched.gaveUp);
  const checking = outcome?.state === 'checking';
  const id = watched?.id;

  useEffect(() => {
    if (!checking || id === undefined) return;
    const since = Date.now();
    let polls = 0;
    const timer = setInterval(() => {
      polls += 1;
      if (polls * PAYMENT_POLL_MS >= PAYMENT_CHECK_MS || Date.now() - since >= PAYMENT_CHECK_MS) {
        clearInterval(timer);
        setWatched({ id, gaveUp: true });
        return;
      }
      loadMyOrders().then(
        (list) => queryClient.setQueryData(queryKeys.games.myOrders, list),
        () => undefined,
      );
    }, PAYMENT_POLL_MS);
    return () => clearInterval(timer);
  }, [checking, id, queryClient]);

  // The other parameters stay (an offer a push led to).
  const rest = new URLSearchParams(params);
  rest.delete('payment');
  const without = rest.toString();
  const settled = asked !== null && outcome?.state !== 'checking';
  useEffect(() => {
    if (settled)
      void navigate({ pathname: location.pathname, search: without ? `?${without}` : '' }, { replace: true });
  }, [settled, navigate, location.pathname, without]);

  return outcome;
}
