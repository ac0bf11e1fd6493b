import { useParams } from 'react-router';
import { PortfolioDetailPage } from '@/features/portfolios/components/portfolio-detail-page';

export function Component() {
  const { id = '' } = useParams();
  // Another portfolio starts from a clean page (dialogs, uploads, captions).
  return <PortfolioDetailPage key={id} id={id} />;
}
