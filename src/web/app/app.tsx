import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { BrowserRouter } from 'react-router';
import { AppToaster } from '../components/ui/app-toaster.tsx';
import { createQueryClient } from '../lib/query-client.ts';
import { authStore } from '../stores/auth-store.ts';
import { AppRoutes } from './router.tsx';

export function App() {
  const [queryClient] = useState(createQueryClient);
  // What one person's session fetched (their orders, their access checks) never shows to the next.
  useEffect(() => {
    let userId = authStore.get()?.user._id;
    return authStore.subscribe(() => {
      const next = authStore.get()?.user._id;
      if (next !== userId) {
        queryClient.removeQueries({ queryKey: ['orders'] });
        queryClient.removeQueries({ queryKey: ['auth-check'] });
      }
      userId = next;
    });
  }, [queryClient]);
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
      <AppToaster />
    </QueryClientProvider>
  );
}
