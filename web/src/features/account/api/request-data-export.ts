import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DataExport } from '@/features/account/api/get-data-export';
import { api, unwrap } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** POST /api/account/export: starts building the zip (202, state pending). */
export async function requestDataExport(): Promise<DataExport> {
  return unwrap(api.POST('/api/account/export'));
}

export function useRequestDataExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestDataExport,
    onSuccess: (data) => queryClient.setQueryData(queryKeys.account.dataExport, data),
  });
}
