import type { DetailResponse, ProfileDetail, SiteListing, SiteSummary } from '@kort/contracts';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from './api-client';
import { profileQuery } from './profile';
import { queryKeys } from './query-keys';
import { forgetSiteClock } from './site-clock';

/** Sites are created rarely: the list is asked once in a while, not on every screen. */
const SITES_FRESH_MS = 5 * 60_000;

/** GET /api/sites/ (public): every site of the install, in the order they were created, with its courts. */
export const sitesQuery = {
  queryKey: queryKeys.sites,
  queryFn: async () =>
    (await api<DetailResponse<SiteListing[]>>('GET', '/api/sites/', undefined, { quiet: true })).detail,
  staleTime: SITES_FRESH_MS,
};

export const useSites = () => useQuery(sitesQuery);

/** The site the player's calls act on, as the profile says (asked only where there is a choice to show). */
export function useCurrentSite(): SiteSummary | null {
  const profile = useQuery({
    ...profileQuery,
    select: (answer: DetailResponse<ProfileDetail>) => answer.detail,
  });
  return profile.data?.site ?? null;
}

/**
 * Every answer but the site list is another site's now: dropped and asked again, so that no screen
 * shows the old site's hours, courts or rules while the new ones are on their way.
 */
export function forgetSiteAnswers(client: QueryClient): Promise<void> {
  forgetSiteClock();
  return client.resetQueries({ predicate: (query) => query.queryKey[0] !== queryKeys.sites[0] });
}

/** POST /api/site/: the player's current site from now on (remembered on the account). */
export function useChooseSite() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (siteId: string) => api<DetailResponse<SiteSummary>>('POST', '/api/site/', { site_id: siteId }),
    // Not waited for: the screens show they are loading the new site's answers.
    onSuccess: () => void forgetSiteAnswers(client),
  });
}

/**
 * The club's courts taking bookings, for the sign-in screen: known when the install has one site
 * (with several, which club the visitor comes to is not known yet); null until then.
 */
export function useClubCourts(): number | null {
  const sites = useSites().data;
  return sites?.length === 1 ? sites[0]!.courts : null;
}
