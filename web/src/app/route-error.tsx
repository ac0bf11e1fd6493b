import { useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { CrashScreen } from '@/components/errors/crash-screen';
import { NotFound } from '@/components/errors/not-found';
import { reportError } from '@/lib/error-reporting';

/** The router's error element: 404s get the not-found page, everything else the crash screen. */
export function RouteError() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  useEffect(() => {
    if (!notFound) reportError(error);
  }, [error, notFound]);
  return notFound ? <NotFound /> : <CrashScreen />;
}
