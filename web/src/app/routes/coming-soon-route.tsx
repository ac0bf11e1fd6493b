import { useTranslation } from 'react-i18next';
import { useCrumbs } from '@/components/layout/route-handle';
import { ComingSoon } from '@/components/ui/coming-soon';

/** A menu target of a later issue: its title (the route's breadcrumb) and "coming soon". */
export function Component() {
  const { t } = useTranslation();
  const crumbs = useCrumbs();
  const last = crumbs[crumbs.length - 1];
  return <ComingSoon title={t(last?.labelKey ?? 'comingSoon.title')} />;
}
