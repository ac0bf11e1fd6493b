import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CompanyServices } from '@/features/company/api/get-company-services';
import { api, unwrap } from '@/lib/api-client';
import type { paths } from '@/lib/api/schema';
import { withConfig, type MutationConfig } from '@/lib/query-client';
import { queryKeys } from '@/lib/query-keys';

export type ServicesPayload = paths['/api/company/services']['post']['requestBody']['content']['application/json'];

/** POST /api/company/services {langues, prestations, prestationDetails} -> the saved services. */
export async function updateCompanyServices(payload: ServicesPayload): Promise<CompanyServices> {
  return unwrap(api.POST('/api/company/services', { body: payload }));
}

/** The page shows the saved services; /api/me follows (the profile's completion). */
export function useUpdateCompanyServices(config?: MutationConfig<CompanyServices, ServicesPayload>) {
  const queryClient = useQueryClient();
  return useMutation(
    withConfig(
      {
        mutationFn: updateCompanyServices,
        onSuccess: (saved) => {
          queryClient.setQueryData(queryKeys.company.services, saved);
          void queryClient.invalidateQueries({ queryKey: queryKeys.me });
        },
      },
      config,
    ),
  );
}
