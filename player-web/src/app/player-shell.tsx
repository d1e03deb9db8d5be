import { useCallback, useEffect, useState } from 'react';
import { Outlet } from 'react-router';
import { NetworkFailure } from '../components/ui/network-failure';
import { isAdmin } from '../features/auth/api';
import { RulesAcceptance } from '../features/rules/rules-acceptance';
import { ApiError, setApiHandlers } from '../lib/api-client';
import { PlayerLayout } from './player-layout';

type ShellState = 'checking' | 'player' | 'rules' | 'offline';

/**
 * Every signed-in screen sits in here. It first asks whether the visitor is an admin (spec
 * section 2): an admin goes to the dashboard, 451 shows the rules-acceptance screen, 401 goes to
 * /login (the API client does that), and no answer at all shows the network-failure screen.
 */
export function PlayerShell() {
  const [state, setState] = useState<ShellState>('checking');

  const check = useCallback(() => {
    setState('checking');
    isAdmin().then(
      (answer) => (answer.detail ? window.location.replace('/admin/') : setState('player')),
      (failure: unknown) => {
        if (failure instanceof ApiError && failure.status === 451) setState('rules');
        else if (!(failure instanceof ApiError && failure.status === 401)) setState('offline');
      },
    );
  }, []);

  useEffect(check, [check]);
  useEffect(() => setApiHandlers({ onRulesRequired: () => setState('rules') }), []);

  if (state === 'rules') return <RulesAcceptance onAccepted={() => setState('player')} />;
  if (state === 'offline') return <NetworkFailure onRetry={check} />;
  if (state === 'checking')
    return (
      <p className="page" role="status">
        Загрузка…
      </p>
    );
  return (
    <PlayerLayout>
      <Outlet />
    </PlayerLayout>
  );
}
