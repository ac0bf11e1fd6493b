import { useMatches } from 'react-router';

/** What a route tells the shell: its breadcrumb (an i18n key) and whether that crumb is a page. */
export interface RouteHandle {
  crumb?: string;
  /** false for a group without a page of its own (e.g. /company). */
  crumbLink?: boolean;
}

export interface Crumb {
  labelKey: string;
  path: string;
  link: boolean;
}

export function useCrumbs(): Crumb[] {
  const matches = useMatches();
  const crumbs: Crumb[] = [];
  for (const match of matches) {
    const handle = match.handle as RouteHandle | undefined;
    if (handle?.crumb) crumbs.push({ labelKey: handle.crumb, path: match.pathname, link: handle.crumbLink !== false });
  }
  return crumbs;
}
