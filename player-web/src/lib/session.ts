import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';

/**
 * The session is over (signed out, account deleted, the API says it is gone): the player goes to
 * /login and no answer of the account stays in the app. The screens still showing unmount with
 * the navigation; removing their answers does not make them ask again.
 */
export function useLeaveSession(): () => void {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(() => {
    void navigate('/login');
    queryClient.removeQueries();
  }, [navigate, queryClient]);
}
