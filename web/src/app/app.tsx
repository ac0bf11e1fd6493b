import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { createAppRouter, type AppRouter } from '@/app/router';
import { AppErrorBoundary } from '@/components/errors/app-error-boundary';
import { SnackbarProvider } from '@/components/ui/snackbar-provider';
import { setSessionExpiredHandler } from '@/lib/api-client';
import { setLoginNotice } from '@/lib/auth/login-notice';
import { createQueryClient } from '@/lib/query-client';
import { theme } from '@/theme/theme';

function createApp(given?: AppRouter) {
  const queryClient = createQueryClient();
  const router = given ?? createAppRouter();
  // Part 1 §7: a failed refresh ends the session and shows "Your session has expired" on /login.
  setSessionExpiredHandler(() => {
    setLoginNotice('session_expired');
    queryClient.clear();
    void router.navigate('/login', { replace: true });
  });
  return { queryClient, router };
}

interface AppProps {
  /**
   * A router whose first route is already loaded: the pre-rendered sign-in
   * page is hydrated only once the tree can render the same markup
   * (main.tsx), and rendered at build time on a memory router (prerender.tsx).
   */
  router?: AppRouter;
}

export function App({ router: given }: AppProps) {
  const [{ queryClient, router }] = useState(() => createApp(given));
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <AppErrorBoundary>
        <QueryClientProvider client={queryClient}>
          <SnackbarProvider>
            <RouterProvider router={router} />
          </SnackbarProvider>
        </QueryClientProvider>
      </AppErrorBoundary>
    </ThemeProvider>
  );
}
