import type { AppConfig } from '@/lib/config';

/**
 * Browser errors go to Sentry when the server gives a DSN; otherwise they are
 * only logged. The SDK (init and captureException only, lib/sentry-sdk.ts) is
 * loaded on demand, so it never weighs on the first page, nor on installations
 * that do not use it.
 */
interface Reporter {
  captureException(error: unknown, hint?: { extra?: Record<string, unknown> }): unknown;
}

let reporter: Reporter | null = null;
let loading = false;
const queue: Array<[unknown, Record<string, unknown> | undefined]> = [];

export function initErrorReporting(config: AppConfig): void {
  if (!config.sentryDsn || reporter || loading) return;
  loading = true;
  void import('@/lib/sentry-sdk')
    .then((Sentry) => {
      Sentry.init({
        dsn: config.sentryDsn,
        release: config.release,
        environment: config.domain,
      });
      reporter = Sentry;
      for (const [error, extra] of queue.splice(0)) Sentry.captureException(error, { extra });
    })
    .catch((error: unknown) => {
      console.error('Error reporting could not start', error);
    })
    .finally(() => {
      loading = false;
    });
}

export function reportError(error: unknown, extra?: Record<string, unknown>): void {
  console.error(error);
  if (reporter) reporter.captureException(error, { extra });
  else if (loading) queue.push([error, extra]);
}
