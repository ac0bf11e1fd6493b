import { describe, expect, it } from 'vitest';
import { completedTasks, profileTasks, TOTAL_TASKS } from '@/features/dashboard/profile-completion';
import { makeUser } from '@/test/fixtures';

const complete = {
  hasProfilePicture: true,
  hasPhotos: true,
  hasVideos: true,
  missingPortrait: false,
  missingExperiences: false,
  missingBenefits: false,
  missingServices: false,
  missingServiceDetails: false,
};

describe('the profile-completion steps', () => {
  it('are seven', () => {
    expect(TOTAL_TASKS).toBe(7);
    expect(profileTasks(makeUser())).toHaveLength(7);
  });

  it('count 7 for a complete profile and 0 when every item is unmet', () => {
    expect(completedTasks(complete)).toBe(7);
    expect(
      completedTasks({
        hasProfilePicture: false,
        hasPhotos: false,
        hasVideos: false,
        missingPortrait: true,
        missingExperiences: true,
        missingBenefits: true,
        missingServices: true,
        missingServiceDetails: true,
      }),
    ).toBe(0);
  });

  it.each([
    ['hasProfilePicture', false, 'picture', '/images'],
    ['hasPhotos', false, 'photos', '/images'],
    ['hasVideos', false, 'videos', '/videos'],
    ['missingPortrait', true, 'portrait', '/portrait-experiences'],
    ['missingExperiences', true, 'experiences', '/portrait-experiences'],
    ['missingBenefits', true, 'experiences', '/portrait-experiences'],
    ['missingServices', true, 'services', '/company/services'],
    ['missingServiceDetails', true, 'serviceDetails', '/company/services'],
  ] as const)('%s = %s leaves one step (%s, at %s) undone', (field, value, id, path) => {
    const user = { ...complete, [field]: value };
    expect(completedTasks(user)).toBe(6);
    const undone = profileTasks(user).filter((task) => !task.done);
    expect(undone).toEqual([expect.objectContaining({ id, path })]);
  });

  it('counts experiences and benefits as one step', () => {
    expect(completedTasks({ ...complete, missingExperiences: true, missingBenefits: true })).toBe(6);
  });

  it('reads the demo planner as 2 of 7 (services chosen and described)', () => {
    expect(completedTasks(makeUser({ missingServiceDetails: false }))).toBe(2);
    expect(completedTasks(makeUser())).toBe(1);
  });
});
