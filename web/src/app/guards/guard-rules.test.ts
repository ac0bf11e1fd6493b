import { describe, expect, it } from 'vitest';
import { awaitsModeration, protectedRedirect, publicOnlyRedirect, roleRedirect } from '@/app/guards/guard-rules';
import { makeUser } from '@/test/fixtures';

describe('the public-only guard', () => {
  it('lets an anonymous visitor through', () => {
    expect(publicOnlyRedirect(null)).toBeNull();
  });
  it('sends a logged-in user to /', () => {
    expect(publicOnlyRedirect(makeUser())).toBe('/');
  });
});

describe('the protected guard', () => {
  const unfinished = makeUser({ hasFinishedOnboarding: false, isModerated: false });

  it.each([
    ['an anonymous visitor on /', null, '/', '/login'],
    ['an anonymous visitor on a deep page', null, '/company/details', '/login'],
    ['an anonymous visitor on /onboarding', null, '/onboarding', '/login'],
    ['a finished planner on the dashboard', makeUser(), '/', null],
    ['a finished planner on a page', makeUser(), '/videos', null],
    ['a finished planner on /onboarding', makeUser(), '/onboarding', '/'],
    ['an unfinished planner on /', unfinished, '/', '/onboarding'],
    ['an unfinished planner on /dashboard', unfinished, '/dashboard', '/onboarding'],
    ['an unfinished planner on /account', unfinished, '/account', '/onboarding'],
    ['an unfinished planner on /onboarding', unfinished, '/onboarding', null],
    ['an unfinished venue on /venues', makeUser({ roles: ['ROLE_VENUE'], hasFinishedOnboarding: false }), '/venues', '/onboarding'],
    ['an admin without a company', makeUser({ roles: ['ROLE_ADMIN'], hasFinishedOnboarding: false }), '/admin/users', null],
  ])('%s', (_name, user, path, expected) => {
    expect(protectedRedirect(user, path)).toBe(expected);
  });
});

describe('the role guard', () => {
  it('lets a user with one of the roles through', () => {
    expect(roleRedirect(makeUser({ roles: ['ROLE_VENUE', 'ROLE_PRESTATAIRE'] }), ['ROLE_VENUE'])).toBeNull();
  });
  it("sends a user lacking the role to '/' by default", () => {
    expect(roleRedirect(makeUser(), ['ROLE_ADMIN'])).toBe('/');
  });
  it('uses the given fallback', () => {
    expect(roleRedirect(makeUser(), ['ROLE_ADMIN'], '/dashboard')).toBe('/dashboard');
  });
});

describe('the moderation gate', () => {
  it.each([
    ['a planner waiting for moderation', makeUser({ isModerated: false }), true],
    ['a venue waiting for moderation', makeUser({ roles: ['ROLE_VENUE'], isModerated: false }), true],
    ['a moderated planner', makeUser(), false],
    ['an administrator', makeUser({ roles: ['ROLE_ADMIN'], isModerated: false }), false],
  ])('%s: gated %s', (_name, user, gated) => {
    expect(awaitsModeration(user)).toBe(gated);
  });
});
