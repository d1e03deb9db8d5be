import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { withReturn } from './return-address';

/** What /login is told about why the player is there (its navigation state). */
export interface LoginNotice {
  /** The player has just deleted their own profile: the club can still restore it for 10 days. */
  accountDeleted?: boolean;
  /** Sent from registration with an address that already has an account: the login starts with it. */
  email?: string;
  /** …and the password recovery open on it («Восстановить пароль» under the e-mail field). */
  recover?: boolean;
}

/**
 * The session is over (signed out, account deleted, the API says it is gone): the player goes to
 * /login and no answer of the account stays in the app. The screens still showing unmount with
 * the navigation; removing their answers does not make them ask again. `notice` tells the login
 * screen why (a deleted profile). A call already at /login (a late 401 of a screen that was just
 * left) changes nothing: the login screen keeps its notice and its own answers.
 */
export function useLeaveSession(): (notice?: LoginNotice) => void {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(
    (notice?: LoginNotice) => {
      // A late 401 of a screen just left, at /login already (the browser's own address: the
      // router's changes at once): the account's answers went with the first call, and removing
      // the login screen's own (the social buttons) would leave it without them.
      if (!notice && window.location.pathname === '/login') return;
      // A session found missing on the way somewhere (a door link scanned while signed out): the
      // login goes on there. Signing out or deleting the profile (a notice) starts afresh.
      const here = notice ? null : `${window.location.pathname}${window.location.search}`;
      void navigate(withReturn('/login', here), notice ? { state: notice } : undefined);
      queryClient.removeQueries();
    },
    [navigate, queryClient],
  );
}
