import { describe, expect, it } from 'vitest';
import { buildMenu, menuPaths, type Menu, type MenuLink } from '@/components/layout/menu-items';
import { makeUser } from '@/test/fixtures';

function findLink(menu: Menu, path: string): MenuLink | undefined {
  for (const entry of menu.main) {
    if (entry.kind === 'link' && entry.path === path) return entry;
    if (entry.kind === 'group') {
      const child = entry.children.find((c) => c.path === path);
      if (child) return child;
    }
  }
  return menu.admin.find((entry) => entry.path === path);
}

describe('the side menu', () => {
  it('gives a planner the planner menu in the order of the spec', () => {
    const menu = buildMenu(makeUser());
    expect(menuPaths(menu)).toEqual([
      '/',
      '/event-requests',
      '/availability',
      '/videos',
      '/images',
      '/portfolios',
      '/company/details',
      '/company/address',
      '/company/services',
      '/portrait-experiences',
      '/social-networks',
      '/integrate-badge',
      '/reviews',
      '/subscription',
      '/credits',
    ]);
    expect(menu.admin).toEqual([]);
  });

  it('marks availability, portfolios, services, badge and reviews as new', () => {
    const menu = buildMenu(makeUser());
    const fresh = menuPaths(menu).filter((path) => findLink(menu, path)?.isNew);
    expect(fresh).toEqual(['/availability', '/portfolios', '/company/services', '/integrate-badge', '/reviews']);
  });

  it('disables requests, subscription and credits until moderated', () => {
    const menu = buildMenu(makeUser({ isModerated: false }));
    const disabled = menuPaths(menu).filter((path) => findLink(menu, path)?.disabled);
    expect(disabled).toEqual(['/event-requests', '/subscription', '/credits']);
  });

  it('enables them once moderated', () => {
    const menu = buildMenu(makeUser({ isModerated: true }));
    expect(menuPaths(menu).filter((path) => findLink(menu, path)?.disabled)).toEqual([]);
  });

  it('hides credits from premium planners', () => {
    const menu = buildMenu(makeUser({ isPremium: true, premiumStatus: 'active' }));
    expect(menuPaths(menu)).not.toContain('/credits');
    expect(menuPaths(menu)).toContain('/subscription');
  });

  it('gives a venue the venue menu, with requests, subscription and credits, and no public profile link', () => {
    const menu = buildMenu(makeUser({ roles: ['ROLE_VENUE'], isModerated: true }));
    expect(menuPaths(menu)).toEqual(['/', '/venues', '/event-requests', '/availability', '/subscription', '/credits']);
    expect(menuPaths(menu).filter((path) => findLink(menu, path)?.disabled)).toEqual([]);
    expect(menu.bottom.map((entry) => entry.id)).toEqual(['settings']);
  });

  it("gates a venue's requests, subscription and credits on moderation, and hides credits under premium", () => {
    const waiting = buildMenu(makeUser({ roles: ['ROLE_VENUE'], isModerated: false }));
    expect(menuPaths(waiting).filter((path) => findLink(waiting, path)?.disabled)).toEqual(['/event-requests', '/subscription', '/credits']);
    const premium = buildMenu(makeUser({ roles: ['ROLE_VENUE'], isModerated: true, isPremium: true, premiumStatus: 'active' }));
    expect(menuPaths(premium)).toEqual(['/', '/venues', '/event-requests', '/availability', '/subscription']);
  });

  it('removes duplicate paths when both roles apply', () => {
    const paths = menuPaths(buildMenu(makeUser({ roles: ['ROLE_PRESTATAIRE', 'ROLE_VENUE'] })));
    expect(new Set(paths).size).toBe(paths.length);
    expect(paths.filter((path) => path === '/')).toHaveLength(1);
    expect(paths).toContain('/venues');
    expect(paths).toContain('/videos');
  });

  it('gives an admin the admin menu and the start-impersonation entry', () => {
    const menu = buildMenu(makeUser({ roles: ['ROLE_ADMIN'], publicUrl: null }));
    expect(menu.admin.map((entry) => entry.path)).toEqual([
      '/admin/moderation',
      '/admin/users',
      '/admin/venues',
      '/admin/reviews',
      '/admin/marketing',
      '/admin/outbox',
      '/admin/audit-log',
    ]);
    expect(menu.bottom.map((entry) => entry.id)).toEqual(['settings', 'impersonate-start']);
    // Impersonation starts from the users list, where each user has a button: no raw-id dialog.
    expect(menu.bottom[1]).toEqual({ kind: 'link', id: 'impersonate-start', labelKey: 'menu.startImpersonation', path: '/admin/users', icon: 'impersonate', shortcut: true });
  });

  it('gives an impersonating user the stop entry', () => {
    const menu = buildMenu(makeUser({ impersonatorId: 'admin-id' }));
    expect(menu.bottom.map((entry) => entry.id)).toEqual(['public-profile', 'settings', 'impersonate-stop']);
  });

  it('opens the public profile in a new tab, disabled without a public URL', () => {
    const withUrl = buildMenu(makeUser()).bottom[0];
    expect(withUrl).toMatchObject({ kind: 'external', href: 'http://fr.localhost/p/camille-martin', disabled: false });
    const without = buildMenu(makeUser({ publicUrl: null })).bottom[0];
    expect(without).toMatchObject({ kind: 'external', href: null, disabled: true });
  });

  it('says why the public profile is unavailable, and where to fix the SIRET', () => {
    const waiting = buildMenu(makeUser({ isModerated: false, publicUrl: null, publicProfileHidden: 'not_moderated' })).bottom[0];
    expect(waiting).toMatchObject({ disabled: true, hintKey: 'gates.publicProfile.not_moderated' });
    expect(waiting).not.toHaveProperty('hintPath');
    for (const reason of ['siret_unverified', 'siret_not_found', 'siret_inactive'] as const) {
      const hidden = buildMenu(makeUser({ publicUrl: null, publicProfileHidden: reason })).bottom[0];
      expect(hidden).toMatchObject({ href: null, disabled: true, hintKey: `gates.publicProfile.${reason}`, hintPath: '/company/details' });
    }
    expect(buildMenu(makeUser()).bottom[0]).not.toHaveProperty('hintKey');
  });
});
