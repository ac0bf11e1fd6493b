import FormatQuoteIcon from '@mui/icons-material/FormatQuote';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Rating from '@mui/material/Rating';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

const STATS = ['users', 'rating', 'satisfaction'] as const;

/** Three providers' words, each with its avatar's hue. */
const TESTIMONIALS = [
  { id: 'a', hue: 330 },
  { id: 'b', hue: 35 },
  { id: 'c', hue: 200 },
] as const;

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? '')
    .join('');
}

interface TestimonialsProps {
  /** Where the page keeps its texts: <keyPrefix>.trust.* (the figures) and <keyPrefix>.testimonials.*. */
  keyPrefix: string;
  /** The test id of the figures. */
  trustTestId: string;
}

/**
 * A money page's marketing figures (users, rating, satisfaction; each page
 * has its own, part 2 §1) and three providers' words.
 */
export function Testimonials({ keyPrefix, trustTestId }: TestimonialsProps) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Box component="section" aria-labelledby={titleId} sx={{ display: 'flex', flexDirection: 'column', gap: 2.5 }}>
      <Box sx={{ textAlign: 'center', mt: 2 }}>
        <Typography id={titleId} variant="h2" sx={{ mb: 0.5 }}>
          {t(`${keyPrefix}.testimonials.title`)}
        </Typography>
        <Typography color="text.secondary">{t(`${keyPrefix}.testimonials.subtitle`)}</Typography>
      </Box>
      <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', gap: { xs: 1, sm: 2 } }} data-testid={trustTestId}>
        {STATS.map((stat) => (
          <Box
            key={stat}
            sx={{ display: 'flex', flexDirection: 'column-reverse', justifyContent: 'flex-end', textAlign: 'center', p: { xs: 1.5, sm: 2 }, borderRadius: 3, bgcolor: 'background.paper', border: 1, borderColor: 'divider' }}
          >
            <Box component="dt" sx={{ color: 'text.secondary', fontSize: { xs: '0.75rem', sm: '0.875rem' } }}>
              {t(`${keyPrefix}.trust.${stat}Label`)}
            </Box>
            <Box component="dd" sx={{ m: 0, fontSize: { xs: '1.25rem', sm: '1.75rem' }, fontWeight: 700, color: 'primary.main', lineHeight: 1.2, whiteSpace: 'nowrap' }}>
              {t(`${keyPrefix}.trust.${stat}`)}
            </Box>
          </Box>
        ))}
      </Box>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, minmax(0, 1fr))' } }}>
        {TESTIMONIALS.map(({ id, hue }) => {
          const words = `${keyPrefix}.testimonials.${id}`;
          return (
            <Card key={id} component="figure" sx={{ m: 0 }} data-testid="testimonial">
              <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, height: '100%' }}>
                <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
                  <Rating value={5} readOnly size="small" aria-label={t(`${keyPrefix}.testimonials.stars`)} />
                  <FormatQuoteIcon sx={{ color: 'grey.300' }} aria-hidden="true" />
                </Box>
                <Box component="blockquote" sx={{ m: 0, flexGrow: 1 }}>
                  <Typography>{t(`${words}.quote`)}</Typography>
                </Box>
                <Box component="figcaption" sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
                  <Avatar sx={{ bgcolor: `hsl(${hue} 45% 38%)`, width: 40, height: 40, fontSize: '0.9375rem' }} aria-hidden="true">
                    {initials(t(`${words}.name`))}
                  </Avatar>
                  <Box>
                    <Typography sx={{ fontWeight: 600 }}>{t(`${words}.name`)}</Typography>
                    <Typography variant="body2" color="text.secondary">
                      {t(`${words}.role`)}
                    </Typography>
                  </Box>
                </Box>
              </CardContent>
            </Card>
          );
        })}
      </Box>
    </Box>
  );
}
