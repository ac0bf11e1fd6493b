import { describe, expect, it } from 'vitest';
import type { RouteObject } from 'react-router';
import { routes } from '@/app/router';
import type { RouteHandle } from '@/components/layout/route-handle';

/** The route whose path is `path`, anywhere in the tree. */
function find(tree: RouteObject[], path: string): RouteObject | undefined {
  for (const route of tree) {
    if (route.path === path) return route;
    const found = route.children && find(route.children, path);
    if (found) return found;
  }
  return undefined;
}

describe('the routes', () => {
  it('gives /admin a page of its own, so its breadcrumb is a link', () => {
    const admin = find(routes, 'admin');
    expect((admin?.handle as RouteHandle | undefined)?.crumb).toBe('menu.admin');
    expect((admin?.handle as RouteHandle | undefined)?.crumbLink).not.toBe(false);
    expect(admin?.children?.some((child) => child.index === true && typeof child.lazy === 'function')).toBe(true);
  });
});
