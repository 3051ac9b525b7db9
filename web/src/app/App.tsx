// The app root: the query client, the session, tooltip timings, the router and the toaster.
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router-dom';
import { queryClient } from '../lib/query-client';
import { Toaster } from '../ui/Toaster';
import { TooltipProvider } from '../ui/Tooltip';
import { AuthProvider } from './auth/AuthProvider';
import { preloadHome, preloadLikelyHome, router } from './router';

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider prepareSignIn={preloadHome} anticipateSignIn={preloadLikelyHome}>
        <TooltipProvider>
          <RouterProvider router={router} />
          <Toaster />
        </TooltipProvider>
      </AuthProvider>
    </QueryClientProvider>
  );
}
