import { AuthError } from '@kort/contracts';
import { useEffect, useState } from 'react';
import { Outlet } from 'react-router';
import { Loading } from '../components/ui/loading';
import { NetworkFailure } from '../components/ui/network-failure';
import { useIsAdmin } from '../features/auth/api/is-admin';
import { useClubContacts } from '../features/profile/api/club-contacts';
import { RulesAcceptance } from '../features/rules/components/rules-acceptance';
import { setApiHandlers } from '../lib/api-client';
import { errorOf } from '../lib/errors';
import { PlayerLayout } from './player-layout';

/**
 * Every signed-in screen sits in here. It first asks whether the visitor is an admin (GET
 * /api/is_admin/): an admin goes to the dashboard, rules not yet accepted show the rules-acceptance
 * screen (so does that refusal on any later call), a lost session goes to /login (the API client
 * does that), and no answer at all shows the network-failure screen. While the check is on its way
 * the frame and the screen are already shown, as for the player most visitors are: that is the
 * page the build prerenders (first-paint.tsx), painted before the app's code arrives, and the
 * screen's own answers are asked beside the check rather than after it.
 */
export function PlayerShell() {
  const adminCheck = useIsAdmin();
  const [rules, setRules] = useState<'required' | 'accepted' | null>(null);
  useEffect(() => setApiHandlers({ onRulesRequired: () => setRules('required') }), []);

  const admin = adminCheck.data === true;
  useEffect(() => {
    if (admin) window.location.replace('/admin/');
  }, [admin]);

  // The last answer's refusal; none while "Повторить" asks again.
  const refusal = adminCheck.isError && !adminCheck.isFetching ? errorOf(adminCheck.error).code : null;
  if (rules === 'required' || (rules === null && refusal === AuthError.RulesNotAccepted))
    return <RulesAcceptance onAccepted={() => setRules('accepted')} />;
  if (refusal !== null && refusal !== AuthError.RulesNotAccepted && refusal !== AuthError.NotAuthenticated)
    return <ShellFailure onRetry={() => void adminCheck.refetch()} />;
  // On the way to the dashboard, or to /login: nothing of the player's screens.
  if (admin || refusal === AuthError.NotAuthenticated) return <Loading />;
  return (
    <PlayerLayout>
      <Outlet />
    </PlayerLayout>
  );
}

/**
 * No answer to the admin check: the failure screen inside the app's frame, with the club's contacts
 * if the API gives them (a server in trouble may still answer them; no network gives nothing).
 */
function ShellFailure({ onRetry }: { onRetry: () => void }) {
  const contacts = useClubContacts();
  return (
    <PlayerLayout>
      <NetworkFailure contacts={contacts.data} onRetry={() => (void contacts.refetch(), onRetry())} />
    </PlayerLayout>
  );
}
