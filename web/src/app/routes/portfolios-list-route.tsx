import { PortfoliosPage } from '@/features/portfolios/components/portfolios-page';

export function Component() {
  return <PortfoliosPage />;
}
