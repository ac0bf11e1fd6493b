import { LegalRoute } from '@/app/routes/terms-route';

/** /privacy: the privacy policy, which registration links to. */
export function Component() {
  return <LegalRoute page="privacy" />;
}
