import {
  SOCIAL_ERROR_PARAM,
  SOCIAL_PROVIDER_PARAM,
  SOCIAL_PROVIDERS,
  socialErrorMessage,
  socialLoginPath,
  socialProviderNames,
  type SocialProvider,
} from '@kort/contracts';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { socialProviders } from './api';

/** Letter marks, not the providers' logos: no outside images and no brand colours on our screen. */
const marks: Record<SocialProvider, string> = { vk: 'VK', yandex: 'Я' };

/**
 * The social logins switched on, in the contract's order. None while the API is asked and none
 * when it does not answer: a button that leads nowhere is worse than none, and the password login
 * does not depend on this call.
 */
export function useSocialProviders(): SocialProvider[] {
  const [enabled, setEnabled] = useState<SocialProvider[]>([]);
  useEffect(() => {
    let live = true;
    socialProviders().then(
      (answer) => live && setEnabled(SOCIAL_PROVIDERS.filter((provider) => answer[provider] === true)),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  return enabled;
}

/**
 * Why a social login came back to /login (`?social_error=…&provider=…`, set by the API's callback):
 * the text to show, and a way to dismiss it. The two parameters leave the address at once (replaced,
 * not pushed), so a reload or the back button does not show the failure again.
 */
export function useSocialError(): [message: string, dismiss: () => void] {
  // useLocation and useNavigate rather than useSearchParams: the login route's JavaScript already
  // holds them, and this screen's bundle is measured.
  const { search, hash } = useLocation();
  const navigate = useNavigate();
  const [message, setMessage] = useState(() => reasonIn(search));
  useEffect(() => {
    const reason = reasonIn(search);
    if (!reason) return;
    setMessage(reason);
    const params = new URLSearchParams(search);
    params.delete(SOCIAL_ERROR_PARAM);
    params.delete(SOCIAL_PROVIDER_PARAM);
    const rest = params.toString();
    void navigate({ search: rest && `?${rest}`, hash }, { replace: true });
  }, [search, hash, navigate]);
  return [message, () => setMessage('')];
}

/** The text for `?social_error=…&provider=…`, or '' when the address has no social failure. */
function reasonIn(search: string): string {
  const params = new URLSearchParams(search);
  const code = params.get(SOCIAL_ERROR_PARAM);
  return code === null ? '' : socialErrorMessage(code, params.get(SOCIAL_PROVIDER_PARAM));
}

/** "или", then one link per provider: a full-page navigation to the API, which sends the player on. */
export function SocialLoginLinks({ providers }: { providers: SocialProvider[] }) {
  if (providers.length === 0) return null;
  return (
    <div className="social-login">
      <p className="separator">или</p>
      {providers.map((provider) => (
        <a key={provider} className="button social" href={socialLoginPath(provider)}>
          <span className="social-mark" aria-hidden="true">
            {marks[provider]}
          </span>
          {`Войти через ${socialProviderNames[provider]}`}
        </a>
      ))}
    </div>
  );
}
