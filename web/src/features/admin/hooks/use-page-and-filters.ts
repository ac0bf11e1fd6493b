import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/**
 * A list's page and filters live in the address (?page=2&q=...), so a
 * reload, the back button or a shared link shows the same list.
 */
export function usePageAndFilters<K extends string>(filters: readonly K[] = []) {
  const [params, setParams] = useSearchParams();
  const raw = Number.parseInt(params.get('page') ?? '1', 10);
  const page = Number.isFinite(raw) && raw >= 1 ? raw : 1;
  const values = Object.fromEntries(filters.map((name) => [name, params.get(name) ?? ''])) as Record<K, string>;

  const setPage = useCallback(
    (next: number) =>
      setParams((current) => {
        const out = new URLSearchParams(current);
        if (next <= 1) out.delete('page');
        else out.set('page', String(next));
        return out;
      }),
    [setParams],
  );

  /** Changes one filter and goes back to the first page. */
  const setFilter = useCallback(
    (name: K, value: string) =>
      setParams(
        (current) => {
          const out = new URLSearchParams(current);
          if (value) out.set(name, value);
          else out.delete(name);
          out.delete('page');
          return out;
        },
        { replace: true },
      ),
    [setParams],
  );

  return { page, setPage, values, setFilter };
}
