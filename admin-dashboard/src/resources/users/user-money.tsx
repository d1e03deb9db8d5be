import { Link as MuiLink, Stack, Typography } from '@mui/material';
import { Labeled, useRecordContext, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { kopecksIn, roublesText } from '../../lib/money';
import type { UserRecord } from '../../lib/records';

// What a player paid for games at this site and got back (the API's `paid` and `refunded`), shown
// only when there is something: a club that does not charge never sees it.

/** Whether the player has paid or been refunded anything. */
export const hasMoney = (user: Pick<UserRecord, 'paid' | 'refunded'>) =>
  kopecksIn(user.paid) > 0 || kopecksIn(user.refunded) > 0;

/** «Оплачено 3 000 ₽, возвращено 1 500 ₽» (the refund only when there was one). */
export function useMoneyText(): (user: Pick<UserRecord, 'paid' | 'refunded'>) => string {
  const translate = useTranslate();
  return (user) =>
    [
      translate('kort.payments.player_paid', { amount: roublesText(user.paid) }),
      kopecksIn(user.refunded) > 0
        ? translate('kort.payments.player_refunded', { amount: roublesText(user.refunded) })
        : null,
    ]
      .filter(Boolean)
      .join(', ');
}

/** The payments list narrowed to one player. */
export const paymentsOf = (userId: number) =>
  `/payments?${new URLSearchParams({ filter: JSON.stringify({ user_id: userId }) }).toString()}`;

/** On the profile: the sums and a link to the player's payments. */
export function UserMoney() {
  const translate = useTranslate();
  const user = useRecordContext<UserRecord>();
  const text = useMoneyText();
  if (!user || !hasMoney(user)) return null;
  return (
    <Labeled label="kort.payments.player_money">
      <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
        <Typography variant="body2">{text(user)}</Typography>
        <MuiLink component={Link} to={paymentsOf(user.id)} variant="body2">
          {translate('kort.payments.player_all')}
        </MuiLink>
      </Stack>
    </Labeled>
  );
}

/** In the list: what the player paid, and what came back under it. */
export function MoneyCell({ user }: { user: UserRecord }) {
  const translate = useTranslate();
  if (!hasMoney(user)) return <>—</>;
  return (
    <Stack component="span" sx={{ whiteSpace: 'nowrap' }}>
      <span>{roublesText(user.paid)}</span>
      {kopecksIn(user.refunded) > 0 && (
        <Typography component="span" variant="body2" sx={{ color: 'text.secondary' }}>
          {translate('kort.payments.player_refunded', { amount: roublesText(user.refunded) })}
        </Typography>
      )}
    </Stack>
  );
}
