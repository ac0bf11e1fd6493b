import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '@/components/ui/section-card';

const QUESTIONS = [
  { q: 'subscription.faq.includes.q', a: 'subscription.faq.includes.a' },
  { q: 'subscription.faq.yearly.q', a: 'subscription.faq.yearly.a' },
  { q: 'subscription.faq.cancel.q', a: 'subscription.faq.cancel.a' },
  { q: 'subscription.faq.withdrawal.q', a: 'subscription.faq.withdrawal.a' },
  { q: 'subscription.faq.credits.q', a: 'subscription.faq.credits.a' },
  { q: 'subscription.faq.switch.q', a: 'subscription.faq.switch.a' },
  { q: 'subscription.faq.payment.q', a: 'subscription.faq.payment.a' },
] as const;

/** Questions providers ask before subscribing. */
export function SubscriptionFaq() {
  const { t } = useTranslation();
  return (
    <SectionCard title={t('subscription.faq.title')} data-testid="subscription-faq">
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
