import { QueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { isApiError } from '@/lib/api-error';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        // Client errors (4xx) will not get better by asking again.
        retry: (failureCount, error) => {
          if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
          return failureCount < 2;
        },
      },
      mutations: { retry: false },
    },
  });
}

/**
 * What a screen adds to an endpoint's mutation hook (its messages, its form's
 * reset, a navigation): everything but the call itself.
 */
export type MutationConfig<TData, TVariables = void, TContext = unknown> = Omit<
  UseMutationOptions<TData, Error, TVariables, TContext>,
  'mutationFn' | 'onMutate'
>;

/**
 * An endpoint's mutation (its call and its cache work) with a screen's
 * options. Both callbacks of each kind run, the endpoint's first, and the
 * mutation waits for both: the cache is up to date before the screen reacts.
 */
export function withConfig<TData, TVariables, TContext>(
  own: UseMutationOptions<TData, Error, TVariables, TContext>,
  config: MutationConfig<TData, TVariables, TContext> = {},
): UseMutationOptions<TData, Error, TVariables, TContext> {
  return {
    ...config,
    ...own,
    onSuccess: (...args) => Promise.all([own.onSuccess?.(...args), config.onSuccess?.(...args)]),
    onError: (...args) => Promise.all([own.onError?.(...args), config.onError?.(...args)]),
    onSettled: (...args) => Promise.all([own.onSettled?.(...args), config.onSettled?.(...args)]),
  };
}
