import type { ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { ToastHost } from '../features/toasts/toast-host';
import { appQueryClient } from '../session/app-query-client';

/** One query client for the shell and every remote (`shared` and react-query are singletons). */
export function Providers({ children, client = appQueryClient }: { children: ReactNode; client?: QueryClient }) {
  return (
    <QueryClientProvider client={client}>
      {children}
      <ToastHost />
    </QueryClientProvider>
  );
}
