import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CompanyAddress } from '@/features/company/api/get-company-address';
import { api, unwrap } from '@/lib/api-client';
import { withConfig, type MutationConfig } from '@/lib/query-client';
import { queryKeys } from '@/lib/query-keys';

/** POST /api/company/address -> the saved address (postal code normalised). */
export async function updateCompanyAddress(address: CompanyAddress): Promise<CompanyAddress> {
  return unwrap(api.POST('/api/company/address', { body: address }));
}

/** The page shows the saved address; /api/me and the details (their country, hence the company number) follow. */
export function useUpdateCompanyAddress(config?: MutationConfig<CompanyAddress, CompanyAddress>) {
  const queryClient = useQueryClient();
  return useMutation(
    withConfig(
      {
        mutationFn: updateCompanyAddress,
        onSuccess: (saved) => {
          queryClient.setQueryData(queryKeys.company.address, saved);
          void queryClient.invalidateQueries({ queryKey: queryKeys.me });
          void queryClient.invalidateQueries({ queryKey: queryKeys.company.details });
        },
      },
      config,
    ),
  );
}
