import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { RouterProvider, type createMemoryRouter } from 'react-router';
import { SnackbarProvider } from '@/components/ui/snackbar-provider';

/** Renders a test's router inside the providers the app gives every screen: the query client and the snackbar. */
export function renderRouter(client: QueryClient, router: ReturnType<typeof createMemoryRouter>) {
  return render(
    <QueryClientProvider client={client}>
      <SnackbarProvider>
        <RouterProvider router={router} />
      </SnackbarProvider>
    </QueryClientProvider>,
  );
}
