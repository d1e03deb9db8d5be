import { socialLoginPath, socialProviderNames, type SocialProvider } from '@kort/contracts';
import { ui } from '../../../lib/messages';

/** Letter marks, not the providers' logos: no outside images and no brand colours on our screen. */
const marks: Record<SocialProvider, string> = { vk: 'VK', yandex: ui.login.yandexMark };

/**
 * "или", then one link per provider: a full-page navigation to the API, which sends the player on,
 * to where they were going (`next`) once signed in.
 */
export function SocialLoginLinks({ providers, next = null }: { providers: SocialProvider[]; next?: string | null }) {
  if (providers.length === 0) return null;
  return (
    <div className="social-login">
      <p className="separator">{ui.login.or}</p>
      {providers.map((provider) => (
        <a key={provider} className="button social" href={socialLoginPath(provider, next)}>
          <span className="social-mark" aria-hidden="true">
            {marks[provider]}
          </span>
          {ui.login.socialLogin(socialProviderNames[provider])}
        </a>
      ))}
    </div>
  );
}
