import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LocaleProvider } from '../shared/intl/LocaleProvider';

/**
 * Providers that every page needs, public or not, kept light: server state (react-query) and FormatJS.
 * Blueprint's provider and the toaster belong to the admin shell, which the public pages never load.
 * They wrap the router so that error pages are translated too.
 */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <LocaleProvider>{children}</LocaleProvider>
    </QueryClientProvider>
  );
}
