import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { ToastProvider } from '../components/ui/toasts';
import { setApiHandlers } from '../lib/api-client';
import { useLeaveSession } from '../lib/session';
import { createQueryClient } from './query-client';

/** A lost session (401 on any call) leaves for /login. */
function ApiRouting() {
  const leaveSession = useLeaveSession();
  useEffect(() => setApiHandlers({ onUnauthorized: leaveSession }), [leaveSession]);
  return null;
}

/** Everything the screens share: server state (TanStack Query), toasts, the API client's routing. */
export function AppProvider({ client, children }: { client?: QueryClient; children: ReactNode }) {
  const [queryClient] = useState(() => client ?? createQueryClient());
  return (
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <ApiRouting />
        {children}
      </ToastProvider>
    </QueryClientProvider>
  );
}
