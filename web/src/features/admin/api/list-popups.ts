import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import type { components } from '@/lib/api/schema';

export type AdminPopup = components['schemas']['AdminPopup'];
export type PopupInput = components['schemas']['AdminPopupInput'];

export const popupsKey = ['admin', 'popups'] as const;

/** GET /api/admin/promotional-popups: every popup, newest first, descriptions as the server sanitised them. */
export async function listPopups(): Promise<AdminPopup[]> {
  return (await unwrap(api.GET('/api/admin/promotional-popups'))).items;
}

export function usePopups() {
  return useQuery({ queryKey: popupsKey, queryFn: listPopups });
}
