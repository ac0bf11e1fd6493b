import { hasRole, isImpersonated, isSiretReason, type User } from '@/lib/auth/user';

/** Icons are named here and drawn by side-menu-icons.tsx, so this file stays pure. */
export type MenuIcon =
  | 'dashboard'
  | 'requests'
  | 'videos'
  | 'photos'
  | 'portfolios'
  | 'company'
  | 'details'
  | 'address'
  | 'services'
  | 'portrait'
  | 'social'
  | 'badge'
  | 'reviews'
  | 'subscription'
  | 'credits'
  | 'venues'
  | 'availability'
  | 'moderation'
  | 'users'
  | 'marketing'
  | 'outbox'
  | 'audit'
  | 'public-profile'
  | 'settings'
  | 'impersonate'
  | 'stop-impersonate';

export interface MenuLink {
  kind: 'link';
  id: string;
  /** i18n key of the label (also the breadcrumb of the page). */
  labelKey: string;
  path: string;
  icon: MenuIcon;
  disabled?: boolean;
  isNew?: boolean;
  /** A shortcut to a page another entry already names: never marked as the current page, so one entry is. */
  shortcut?: boolean;
}

export interface MenuGroup {
  kind: 'group';
  id: string;
  labelKey: string;
  icon: MenuIcon;
  children: MenuLink[];
}

export type MenuEntry = MenuLink | MenuGroup;

export interface MenuExternal {
  kind: 'external';
  id: string;
  labelKey: string;
  href: string | null;
  icon: MenuIcon;
  disabled?: boolean;
  /** Why a disabled entry is unavailable (an i18n key), shown under it. */
  hintKey?: string;
  /** Where the user fixes what the hint names, when they can. */
  hintPath?: string;
}

export interface MenuAction {
  kind: 'action';
  id: 'impersonate-stop';
  labelKey: string;
  icon: MenuIcon;
}

export type BottomEntry = MenuLink | MenuExternal | MenuAction;

export interface Menu {
  main: MenuEntry[];
  admin: MenuLink[];
  bottom: BottomEntry[];
}

type MenuUser = Pick<User, 'roles' | 'isModerated' | 'isPremium' | 'publicUrl' | 'publicProfileHidden' | 'impersonatorId'>;

const link = (id: string, labelKey: string, path: string, icon: MenuIcon, extra: Partial<MenuLink> = {}): MenuLink => ({
  kind: 'link',
  id,
  labelKey,
  path,
  icon,
  ...extra,
});

export const DASHBOARD_PATH = '/';

function plannerMenu(user: MenuUser): MenuEntry[] {
  const locked = !user.isModerated;
  const entries: MenuEntry[] = [
    link('dashboard', 'menu.dashboard', DASHBOARD_PATH, 'dashboard'),
    link('event-requests', 'menu.eventRequests', '/event-requests', 'requests', { disabled: locked }),
    link('availability', 'menu.availability', '/availability', 'availability', { isNew: true }),
    link('videos', 'menu.videos', '/videos', 'videos'),
    link('photos', 'menu.photos', '/images', 'photos'),
    link('portfolios', 'menu.portfolios', '/portfolios', 'portfolios', { isNew: true }),
    {
      kind: 'group',
      id: 'company',
      labelKey: 'menu.company',
      icon: 'company',
      children: [
        link('company-details', 'menu.companyDetails', '/company/details', 'details'),
        link('company-address', 'menu.companyAddress', '/company/address', 'address'),
        link('company-services', 'menu.companyServices', '/company/services', 'services', { isNew: true }),
      ],
    },
    link('portrait', 'menu.portrait', '/portrait-experiences', 'portrait'),
    link('social-networks', 'menu.socialNetworks', '/social-networks', 'social'),
    link('badge', 'menu.badge', '/integrate-badge', 'badge', { isNew: true }),
    link('reviews', 'menu.reviews', '/reviews', 'reviews', { isNew: true }),
    link('subscription', 'menu.subscription', '/subscription', 'subscription', { disabled: locked }),
  ];
  if (!user.isPremium) entries.push(link('credits', 'menu.credits', '/credits', 'credits', { disabled: locked }));
  return entries;
}

/**
 * A venue owner's menu: the spec's dashboard and venues, plus the planners'
 * requests, subscription and credits under the same moderation and premium
 * gates, since couples' projects reach venues and a second venue needs
 * premium (docs/leads.md, "Who gets a project").
 */
function venueMenu(user: MenuUser): MenuEntry[] {
  const locked = !user.isModerated;
  const entries: MenuEntry[] = [
    link('dashboard', 'menu.dashboard', DASHBOARD_PATH, 'dashboard'),
    link('venues', 'menu.venues', '/venues', 'venues'),
    link('event-requests', 'menu.eventRequests', '/event-requests', 'requests', { disabled: locked }),
    link('availability', 'menu.availability', '/availability', 'availability', { isNew: true }),
    link('subscription', 'menu.subscription', '/subscription', 'subscription', { disabled: locked }),
  ];
  if (!user.isPremium) entries.push(link('credits', 'menu.credits', '/credits', 'credits', { disabled: locked }));
  return entries;
}

function entryPaths(entry: MenuEntry): string[] {
  return entry.kind === 'link' ? [entry.path] : entry.children.map((child) => child.path);
}

/** Appends entries whose paths are not already in the menu. */
function mergeUnique(target: MenuEntry[], extra: MenuEntry[]): MenuEntry[] {
  const seen = new Set(target.flatMap(entryPaths));
  for (const entry of extra) {
    if (entry.kind === 'link') {
      if (seen.has(entry.path)) continue;
      seen.add(entry.path);
      target.push(entry);
    } else {
      const children = entry.children.filter((child) => !seen.has(child.path));
      children.forEach((child) => seen.add(child.path));
      if (children.length > 0) target.push({ ...entry, children });
    }
  }
  return target;
}

export const ADMIN_MENU: readonly MenuLink[] = [
  link('admin-moderation', 'menu.moderation', '/admin/moderation', 'moderation'),
  link('admin-users', 'menu.users', '/admin/users', 'users'),
  link('admin-venues', 'menu.adminVenues', '/admin/venues', 'venues'),
  link('admin-reviews', 'menu.adminReviews', '/admin/reviews', 'reviews'),
  link('admin-marketing', 'menu.marketing', '/admin/marketing', 'marketing'),
  link('admin-outbox', 'menu.outbox', '/admin/outbox', 'outbox'),
  link('admin-audit-log', 'menu.auditLog', '/admin/audit-log', 'audit'),
];

/** The side menu of part 1 §2 for this user: roles, moderation and premium gates. */
export function buildMenu(user: MenuUser): Menu {
  const isPlanner = hasRole(user, 'ROLE_PRESTATAIRE');
  const isVenue = hasRole(user, 'ROLE_VENUE');
  const isAdmin = hasRole(user, 'ROLE_ADMIN');

  let main: MenuEntry[] = [];
  if (isPlanner) main = mergeUnique(main, plannerMenu(user));
  if (isVenue) main = mergeUnique(main, venueMenu(user));
  if (main.length === 0) main = [link('dashboard', 'menu.dashboard', DASHBOARD_PATH, 'dashboard')];

  const bottom: BottomEntry[] = [];
  if (isPlanner && !isVenue) {
    // The server gives no URL while the page would be a 404, and says why.
    const reason = user.publicUrl ? null : user.publicProfileHidden;
    bottom.push({
      kind: 'external',
      id: 'public-profile',
      labelKey: 'menu.publicProfile',
      href: user.publicUrl,
      icon: 'public-profile',
      disabled: !user.publicUrl,
      ...(!user.publicUrl && { hintKey: `gates.publicProfile.${reason ?? 'unavailable'}` }),
      ...(isSiretReason(reason) && { hintPath: '/company/details' }),
    });
  }
  bottom.push(link('settings', 'menu.settings', '/account', 'settings'));
  if (isImpersonated(user)) {
    bottom.push({ kind: 'action', id: 'impersonate-stop', labelKey: 'menu.stopImpersonation', icon: 'stop-impersonate' });
  } else if (isAdmin) {
    // Impersonation starts from a user's row, with their name and a confirmation, not from a typed id.
    bottom.push(link('impersonate-start', 'menu.startImpersonation', '/admin/users', 'impersonate', { shortcut: true }));
  }

  return { main, admin: isAdmin ? [...ADMIN_MENU] : [], bottom };
}

/** Every path of a menu, in order (tests, breadcrumbs). */
export function menuPaths(menu: Menu): string[] {
  return [...menu.main.flatMap(entryPaths), ...menu.admin.map((entry) => entry.path)];
}
