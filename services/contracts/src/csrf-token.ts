import { CSRF_COOKIE } from './http';

/** What the browser side of the CSRF protection needs from its page: its cookies and fetch. */
export interface CsrfPage {
  cookies(): string;
  fetch(url: string, init: { credentials: 'include' }): Promise<{ text(): Promise<string> }>;
}

/**
 * The token both web apps echo in `X-CSRFToken`: the readable `csrftoken` cookie the API sets on
 * any `/api/` answer that lacks it. A first visit has none (the page itself is not an API answer):
 * `ensure()` asks the API once — concurrent callers share the one request — and reads its answer to
 * the end, so the request is over and the page can reach network idle.
 */
export function csrfTokenKeeper(page: CsrfPage): { token(): string; ensure(): Promise<string> } {
  const pattern = new RegExp(`(?:^|; )${CSRF_COOKIE}=([^;]*)`);
  const token = (): string => {
    const match = pattern.exec(page.cookies());
    return match?.[1] ? decodeURIComponent(match[1]) : '';
  };
  let asking: Promise<unknown> | null = null;
  return {
    token,
    async ensure() {
      if (token()) return token();
      asking ??= page
        .fetch('/api/give_email/', { credentials: 'include' })
        .then((answer) => answer.text())
        .finally(() => {
          asking = null;
        });
      await asking;
      return token();
    },
  };
}
