import { UsersPage } from '@/features/admin/components/users-page';
import { useStartImpersonation } from '@/features/impersonation/api/impersonate';
import { useCurrentUser } from '@/lib/auth/session';

/** The users screen, with the impersonation feature's start (which stores the tokens and reloads). */
export function Component() {
  const start = useStartImpersonation(useCurrentUser());
  return (
    <UsersPage
      impersonation={{ start: (userId) => start.mutate(userId), pending: start.isPending, error: start.error, reset: () => start.reset() }}
    />
  );
}
