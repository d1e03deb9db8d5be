import {
  CLUB_RULE_DEFAULTS,
  type BookingDayLimit,
  type BookingRules,
  type ClubRules,
  type DetailResponse,
} from '@kort/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client';
import { ui } from './messages';
import { queryKeys } from './query-keys';

/**
 * GET /api/booking_rules/: the club's opening hours, quotas and booking horizon as the admins set
 * them (docs/admin-api.md, `settings`). Shared by the booking screen (the dial's hours and caption,
 * the calendar's last day) and my games (the add-game button's limit), hence here and not in one
 * feature.
 */
export const clubRules = () => api<DetailResponse<ClubRules>>('GET', '/api/booking_rules/');

/**
 * The rules change when an admin changes them, seldom: an answer of the visit's last five minutes
 * is kept, and a refusal that says they changed (a closed hour) asks again.
 */
export const clubRulesQuery = queryOptions({
  queryKey: queryKeys.clubRules,
  queryFn: clubRules,
  staleTime: 5 * 60_000,
});

/**
 * The club's rules. While they load, or if they cannot be read, the spec's own (the defaults of a
 * club that configured nothing): the screens never wait for them, and the server still refuses
 * what the club does not allow.
 */
export function useClubRules(): ClubRules {
  // An API older than the door fields still answers the settings: the door's defaults fill in.
  const answer = useQuery({ ...clubRulesQuery, select: (rules) => ({ ...CLUB_RULE_DEFAULTS, ...rules.detail }) });
  return answer.data ?? CLUB_RULE_DEFAULTS;
}

/** Why the player's quotas refuse a day, by the club's quotas: 'Уже есть игра в этот день', 'Две игры на этой неделе'. */
export const limitReason = (reason: BookingDayLimit, rules: Pick<BookingRules, 'quota_per_day' | 'quota_per_week'>) =>
  reason === 'day' ? ui.reserve.limits.day(rules.quota_per_day) : ui.reserve.limits.week(rules.quota_per_week);
