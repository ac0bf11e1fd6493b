import { createContext, lazy, Suspense, useCallback, useContext, useState, type ReactNode } from 'react';
import type { Notice, NoticeSeverity } from '@/components/ui/snackbar-notice';

type Notify = (message: string, severity?: NoticeSeverity, durationMs?: number) => void;

const NotifyContext = createContext<Notify>(() => undefined);

// MUI's Snackbar is loaded with the first message, not with the first page.
const SnackbarHost = lazy(() => import('@/components/ui/snackbar-host').then((module) => ({ default: module.SnackbarHost })));

let nextId = 1;

/** One snackbar at a time (part 1 §8: top center, hidden after 6 s); a new message replaces the current one. */
export function SnackbarProvider({ children }: { children: ReactNode }) {
  const [notice, setNotice] = useState<Notice | null>(null);
  const notify = useCallback<Notify>((message, severity = 'success', durationMs) => {
    nextId += 1;
    setNotice({ id: nextId, message, severity, durationMs });
  }, []);
  const close = useCallback(() => setNotice(null), []);
  return (
    <NotifyContext value={notify}>
      {children}
      {notice && (
        <Suspense fallback={null}>
          <SnackbarHost key={notice.id} notice={notice} onClose={close} />
        </Suspense>
      )}
    </NotifyContext>
  );
}

/** Shows a message in the snackbar: notify(text, 'error'), or notify(text, 'success', 3_000) for a shorter one. */
export function useNotify(): Notify {
  return useContext(NotifyContext);
}
