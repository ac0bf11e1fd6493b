import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import type { paths } from '@/lib/api/schema';
import { queryKeys } from '@/lib/query-keys';

export type StatisticsRates = paths['/api/statistics/rates']['get']['responses']['200']['content']['application/json'];

/** GET /api/statistics/rates -> answer, seen, unlock and reject rates (percent), monthly requests, total views. */
export async function getStatisticsRates(): Promise<StatisticsRates> {
  return unwrap(api.GET('/api/statistics/rates'));
}

export function statisticsRatesQueryOptions() {
  return queryOptions({ queryKey: queryKeys.statistics.rates, queryFn: getStatisticsRates });
}

export function useStatisticsRates() {
  return useQuery(statisticsRatesQueryOptions());
}
