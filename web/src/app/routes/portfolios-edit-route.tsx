import { useParams } from 'react-router';
import { EditPortfolioPage } from '@/features/portfolios/components/portfolio-edit-pages';

export function Component() {
  const { id = '' } = useParams();
  return <EditPortfolioPage key={id} id={id} />;
}
