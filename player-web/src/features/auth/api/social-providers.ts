import { SOCIAL_PROVIDERS, type SocialProvider, type SocialProvidersResponse } from '@kort/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** GET /api/auth/providers/ (public): the bare flags `{vk, yandex}`, not a `{detail}` answer. */
export const socialProviders = () => api<SocialProvidersResponse>('GET', '/api/auth/providers/');

/** The social logins switched on, in the contract's order. */
export function useSocialProviders() {
  return useQuery({
    queryKey: queryKeys.auth.providers,
    queryFn: socialProviders,
    select: (answer): SocialProvider[] => SOCIAL_PROVIDERS.filter((provider) => answer[provider] === true),
  });
}
