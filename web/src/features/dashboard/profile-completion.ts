import type { User } from '@/lib/auth/user';

/**
 * The seven profile-completion steps of the dashboard (part 1 §2). A step is
 * done unless its item of /api/me is unmet; done = 7 minus the unmet ones.
 * Experiences and benefits are one step (both live on the portrait page).
 */
export type TaskId = 'picture' | 'photos' | 'videos' | 'portrait' | 'experiences' | 'services' | 'serviceDetails';

export interface ProfileTask {
  id: TaskId;
  /** i18n key of the step's name. */
  labelKey: string;
  /** Where the step is done. */
  path: string;
  done: boolean;
}

export const TOTAL_TASKS = 7;

type CompletionUser = Pick<
  User,
  | 'hasProfilePicture'
  | 'hasPhotos'
  | 'hasVideos'
  | 'missingPortrait'
  | 'missingExperiences'
  | 'missingBenefits'
  | 'missingServices'
  | 'missingServiceDetails'
>;

export function profileTasks(user: CompletionUser): ProfileTask[] {
  return [
    { id: 'picture', labelKey: 'dashboard.tasks.picture', path: '/images', done: user.hasProfilePicture },
    { id: 'photos', labelKey: 'dashboard.tasks.photos', path: '/images', done: user.hasPhotos },
    { id: 'videos', labelKey: 'dashboard.tasks.videos', path: '/videos', done: user.hasVideos },
    { id: 'portrait', labelKey: 'dashboard.tasks.portrait', path: '/portrait-experiences', done: !user.missingPortrait },
    {
      id: 'experiences',
      labelKey: 'dashboard.tasks.experiences',
      path: '/portrait-experiences',
      done: !user.missingExperiences && !user.missingBenefits,
    },
    { id: 'services', labelKey: 'dashboard.tasks.services', path: '/company/services', done: !user.missingServices },
    { id: 'serviceDetails', labelKey: 'dashboard.tasks.serviceDetails', path: '/company/services', done: !user.missingServiceDetails },
  ];
}

/** 7 minus the number of unmet items. */
export function completedTasks(user: CompletionUser): number {
  return TOTAL_TASKS - profileTasks(user).filter((task) => !task.done).length;
}
