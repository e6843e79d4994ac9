import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { createQueryClient } from './query/query-client';
import { SessionProvider } from './session/session-provider';
import { ToastProvider } from './ui/toast';

export interface PlatformProvidersProps {
  children: ReactNode;
  queryClient?: QueryClient;
  onSessionExpired?: () => void;
}

/** Query cache, toasts and session: what every screen of the host or a standalone remote needs. */
export function PlatformProviders({ children, queryClient, onSessionExpired }: PlatformProvidersProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      <ToastProvider>
        <SessionProvider onExpired={onSessionExpired}>{children}</SessionProvider>
      </ToastProvider>
    </QueryClientProvider>
  );
}
