import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { createAppRouter } from '@/app/router';
import { AppErrorBoundary } from '@/components/errors/app-error-boundary';
import { SnackbarProvider } from '@/components/ui/snackbar-provider';
import { setSessionExpiredHandler } from '@/lib/api-client';
import { setLoginNotice } from '@/lib/auth/login-notice';
import { createQueryClient } from '@/lib/query-client';
import { theme } from '@/theme/theme';

function createApp() {
  const queryClient = createQueryClient();
  const router = createAppRouter();
  // Part 1 §7: a failed refresh ends the session and shows "Your session has expired" on /login.
  setSessionExpiredHandler(() => {
    setLoginNotice('session_expired');
    queryClient.clear();
    void router.navigate('/login', { replace: true });
  });
  return { queryClient, router };
}

export function App() {
  const [{ queryClient, router }] = useState(createApp);
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
