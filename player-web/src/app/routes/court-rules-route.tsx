import { Loading } from '../../components/ui/loading';
import { useSignedInPlayer } from '../../features/auth/api/signed-in-player';
import { useCourtRules } from '../../features/rules/api/court-rules';
import { CourtRulesPage } from '../../features/rules/components/court-rules-page';
import { PlayerLayout } from '../player-layout';

/**
 * /court_rules is one of the spec's public screens, yet a signed-in player reads it inside the
 * app's frame, with the menu, like every other screen of theirs. The admin check is asked quietly:
 * a visitor who is not signed in stays on this page instead of being sent to /login.
 */
export function CourtRulesRoute() {
  const player = useSignedInPlayer();
  // Asked for at once, beside the check, not after it.
  useCourtRules();
  if (player.isPending) return <Loading />;
  if (player.data === true)
    return (
      <PlayerLayout>
        <CourtRulesPage />
      </PlayerLayout>
    );
  return <CourtRulesPage />;
}
