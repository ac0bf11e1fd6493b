import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CompanyDetails } from '@/features/company/api/get-company-details';
import { api, unwrap } from '@/lib/api-client';
import type { paths } from '@/lib/api/schema';
import { withConfig, type MutationConfig } from '@/lib/query-client';
import { queryKeys } from '@/lib/query-keys';

export type DetailsPayload = paths['/api/company/details']['post']['requestBody']['content']['application/json'];

/** POST /api/company/details {name, siret, webSite, dateOfCreation} -> the saved details (website completed with https). */
export async function updateCompanyDetails(payload: DetailsPayload): Promise<CompanyDetails> {
  return unwrap(api.POST('/api/company/details', { body: payload }));
}

/** The page shows the saved details; /api/me follows (the profile's completion). */
export function useUpdateCompanyDetails(config?: MutationConfig<CompanyDetails, DetailsPayload>) {
  const queryClient = useQueryClient();
  return useMutation(
    withConfig(
      {
        mutationFn: updateCompanyDetails,
        onSuccess: (saved) => {
          queryClient.setQueryData(queryKeys.company.details, saved);
          void queryClient.invalidateQueries({ queryKey: queryKeys.me });
        },
      },
      config,
    ),
  );
}
