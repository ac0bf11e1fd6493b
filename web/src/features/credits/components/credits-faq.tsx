import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '@/components/ui/section-card';

const QUESTIONS = [
  { q: 'creditsPage.faq.what.q', a: 'creditsPage.faq.what.a' },
  { q: 'creditsPage.faq.expire.q', a: 'creditsPage.faq.expire.a' },
  { q: 'creditsPage.faq.price.q', a: 'creditsPage.faq.price.a' },
  { q: 'creditsPage.faq.decline.q', a: 'creditsPage.faq.decline.a' },
  { q: 'creditsPage.faq.premium.q', a: 'creditsPage.faq.premium.a' },
  { q: 'creditsPage.faq.payment.q', a: 'creditsPage.faq.payment.a' },
  { q: 'creditsPage.faq.refund.q', a: 'creditsPage.faq.refund.a' },
] as const;

/** Questions providers ask before buying credits. */
export function CreditsFaq() {
  const { t } = useTranslation();
  return (
    <SectionCard title={t('creditsPage.faq.title')} data-testid="credits-faq">
      {QUESTIONS.map(({ q, a }, index) => (
        <Accordion
          key={q}
          disableGutters
          elevation={0}
          sx={{ bgcolor: 'transparent', borderTop: index === 0 ? 0 : 1, borderColor: 'divider', '&::before': { display: 'none' } }}
        >
          <AccordionSummary expandIcon={<ExpandMoreIcon />} sx={{ px: 0 }}>
            <Typography component="h3" sx={{ fontWeight: 600, fontSize: '0.9375rem' }}>
              {t(q)}
            </Typography>
          </AccordionSummary>
          <AccordionDetails sx={{ px: 0, pt: 0 }}>
            <Typography variant="body2" color="text.secondary">
              {t(a)}
            </Typography>
          </AccordionDetails>
        </Accordion>
      ))}
    </SectionCard>
  );
}
