import { bookingRules } from '@kort/contracts';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { Loading } from '../../components/ui/loading';
import { NetworkFailure } from '../../components/ui/network-failure';
import { doorCodeParam, GamePage } from '../../features/game/components/game-page';
import { NoGameNow } from '../../features/game/components/no-game-now';
import { useMyOrders } from '../../features/profile/api/my-orders';
import { useClubRules } from '../../lib/club-rules';
import { cardState, gameAtTheDoor } from '../../lib/game-card';
import { siteNowMs, useSiteNow } from '../../lib/site-clock';

/**
 * /game. Opened from My games it carries the game in its state; opened by a phone's camera from the
 * door screen's QR (`/game?door=<code>`) it has none: the player's game whose door opens now is found
 * among their games (the profile feature's list), and its card opens with the door modal. Put
 * together here because it needs both features.
 */
export function GameRoute() {
  const location = useLocation();
  const [params] = useSearchParams();
  const code = doorCodeParam(params);
  if (code !== null && !location.state) return <GameAtTheDoor code={code} />;
  return <GamePage />;
}

function GameAtTheDoor({ code }: { code: string }) {
  const orders = useMyOrders();
  const rules = useClubRules();
  const clubNow = useSiteNow();
  if (orders.isError) return <NetworkFailure onRetry={() => void orders.refetch()} />;
  if (!orders.data || clubNow === null) return <Loading />;
  const game = gameAtTheDoor(orders.data, siteNowMs(), rules.door_opens_before_min, bookingRules.gameMinutes);
  if (!game) return <NoGameNow doorMinutes={rules.door_opens_before_min} />;
  return <Navigate to={`/game?door=${code}`} state={cardState(game)} replace />;
}
