// The part of the Sentry SDK the back-office uses, in a module of its own so
// that error-reporting.ts can load it on demand. `import('@sentry/react')`
// kept the whole SDK (replay, feedback, tracing: 150 KB gzipped) since a
// namespace import cannot be tree-shaken; named re-exports can.
export { captureException, init } from '@sentry/react';
