import { NewPortfolioPage } from '@/features/portfolios/components/portfolio-edit-pages';

export function Component() {
  return <NewPortfolioPage />;
}
