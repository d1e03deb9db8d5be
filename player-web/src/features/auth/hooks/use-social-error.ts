import { SOCIAL_ERROR_PARAM, SOCIAL_PROVIDER_PARAM, socialErrorMessage } from '@kort/contracts';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';

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
  // Set by the effect, not read at the first render: the prerendered /login has no address to read,
  // and the app's first render must be that page (first-paint.tsx).
  const [message, setMessage] = useState('');
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
