import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { paths } from '@/lib/api/schema';
import { withConfig, type MutationConfig } from '@/lib/query-client';
import { queryKeys } from '@/lib/query-keys';
import { uploadWithProgress } from '@/lib/upload';

export type ImportResult = paths['/api/availability/import']['post']['responses']['200']['content']['application/json'];

/** POST /api/availability/import: an .ics file's events become booked days. */
export function importCalendar(venue: string, file: File): Promise<ImportResult> {
  const form = new FormData();
  form.append('file', file, file.name);
  if (venue) form.append('venue', venue);
  return uploadWithProgress<ImportResult>({ path: '/api/availability/import', form });
}

/** Every cached month is read again: the file may reach any of them. */
export function useImportCalendar(venue: string, config?: MutationConfig<ImportResult, File>) {
  const queryClient = useQueryClient();
  return useMutation(
    withConfig(
      {
        mutationFn: (file: File) => importCalendar(venue, file),
        onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.availability.all }),
      },
      config,
    ),
  );
}
