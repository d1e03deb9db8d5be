import { AuthError, type DetailResponse, type ProfileDetail, type Role } from '@kort/contracts';
import type { AuthProvider } from 'react-admin';
import { callApi, codeOf, httpClient } from './http-client';

/** Where a signed-in player who is not an admin is sent (outside the layout, see app.tsx). */
export const NOT_ADMIN_PATH = '/not-admin';

/** What the last admin check found out: a player who opens /admin/ is not signed out of the player app. */
type Who = 'unknown' | 'anonymous' | 'player' | 'admin';
let who: Who = 'unknown';

/** What react-admin reads off a rejected auth call: its toast (`false`: none), where to go, whether to sign out. */
interface Rejection {
  message?: string | false;
  redirectTo?: string;
  logoutUser?: boolean;
}

function rejectWith(rejection: Rejection): Promise<never> {
  // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- react-admin's contract is a plain object
  return Promise.reject(rejection);
}

function signedOut(): Rejection {
  who = 'anonymous';
  return { message: false };
}

function notAdmin(): Rejection {
  who = 'player';
  // The not-admin page says it itself: no toast on top of it.
  return { message: false, redirectTo: NOT_ADMIN_PATH };
}

/**
 * The same session as the player app (the sessionid cookie), checked with the spec's calls:
 * login POST /api/login/, admin check GET /api/is_admin/, identity GET /api/my_name/, role GET
 * /api/profile/, logout GET /api/logout/.
 */
export const authProvider: AuthProvider = {
  async login({ email, password }: { email: string; password: string }) {
    try {
      await httpClient('/api/login/', { method: 'POST', body: JSON.stringify({ email, password }) });
      who = 'unknown';
    } catch (error) {
      // The account exists but its e-mail code was never entered (the spec's 418, section 4).
      const code = codeOf(error);
      if (code === AuthError.AccountInactive || code === AuthError.AccountInactiveCodeLimit) {
        throw new Error('kort.auth.not_confirmed', { cause: error });
      }
      throw error;
    }
  },

  async checkAuth() {
    let isAdmin: boolean;
    try {
      isAdmin = (await callApi<DetailResponse<boolean>>('/api/is_admin/')).detail;
    } catch (error) {
      const code = codeOf(error);
      if (code === AuthError.NotAuthenticated) return rejectWith(signedOut());
      // The rules are not accepted yet (451), which only the player app asks for. Admins accept them
      // when they are created, so this is a player as far as the dashboard is concerned.
      if (code === AuthError.RulesNotAccepted) return rejectWith(notAdmin());
      throw error;
    }
    if (!isAdmin) return rejectWith(notAdmin());
    who = 'admin';
  },

  checkError(error: unknown) {
    const code = codeOf(error);
    if (code === AuthError.NotAuthenticated) return rejectWith(signedOut());
    // An account that is no longer an admin; other refusals (an expired CSRF token) are errors of
    // one call and are shown as such.
    if (code === AuthError.Forbidden) return rejectWith({ ...notAdmin(), logoutUser: false });
    return Promise.resolve();
  },

  async logout() {
    // Only an admin's session is ended: a player who wandered in stays signed in to the player app
    // and is shown why there is nothing here for them.
    if (who === 'player') return NOT_ADMIN_PATH;
    if (who !== 'admin') return;
    who = 'anonymous';
    await httpClient('/api/logout/').catch(() => undefined);
  },

  /**
   * The admin's role ('owner' runs every site, creates sites and assigns admins; 'admin' runs the
   * sites assigned to them), from the profile. Not known: the lesser one, the API decides anyway.
   */
  async getPermissions(): Promise<Role> {
    try {
      return (await callApi<DetailResponse<ProfileDetail>>('/api/profile/')).detail.role_code;
    } catch {
      return 'admin';
    }
  },

  async getIdentity() {
    const answer = await callApi<DetailResponse<string>>('/api/my_name/');
    return { id: 'me', fullName: answer.detail };
  },
};
