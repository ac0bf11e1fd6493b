import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '@/components/ui/section-card';

interface FaqProps {
  /** Where the texts are: <keyPrefix>.title, then <keyPrefix>.<topic>.q and .a for each topic. */
  keyPrefix: string;
  /** The questions, in the order shown. */
  topics: readonly string[];
  'data-testid'?: string;
}

/** Questions and their answers, each answer folded under its question. */
export function Faq({ keyPrefix, topics, ...rest }: FaqProps) {
  const { t } = useTranslation();
  return (
    <SectionCard title={t(`${keyPrefix}.title`)} data-testid={rest['data-testid']}>
      {topics.map((topic, index) => (
        <Accordion
          key={topic}
          disableGutters
          elevation={0}
          sx={{ bgcolor: 'transparent', borderTop: index === 0 ? 0 : 1, borderColor: 'divider', '&::before': { display: 'none' } }}
        >
          <AccordionSummary expandIcon={<ExpandMoreIcon />} sx={{ px: 0 }}>
            <Typography component="h3" sx={{ fontWeight: 600, fontSize: '0.9375rem' }}>
              {t(`${keyPrefix}.${topic}.q`)}
            </Typography>
          </AccordionSummary>
          <AccordionDetails sx={{ px: 0, pt: 0 }}>
            <Typography variant="body2" color="text.secondary">
              {t(`${keyPrefix}.${topic}.a`)}
            </Typography>
          </AccordionDetails>
        </Accordion>
      ))}
    </SectionCard>
  );
}
