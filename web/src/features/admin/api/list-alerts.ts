import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import type { components } from '@/lib/api/schema';

export type AdminAlert = components['schemas']['AdminAlert'];
export type AlertInput = components['schemas']['AdminAlertInput'];
export type Audience = AdminAlert['type'];

export const AUDIENCES: readonly Audience[] = ['planner', 'venue'];

export const alertsKey = ['admin', 'alerts'] as const;

/** GET /api/admin/promotional-alerts: every alert, newest first. */
export async function listAlerts(): Promise<AdminAlert[]> {
  return (await unwrap(api.GET('/api/admin/promotional-alerts'))).items;
}

export function useAlerts() {
  return useQuery({ queryKey: alertsKey, queryFn: listAlerts });
}
