import FormatQuoteIcon from '@mui/icons-material/FormatQuote';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Rating from '@mui/material/Rating';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

const STATS = [
  { value: 'subscription.trust.users', label: 'subscription.trust.usersLabel' },
  { value: 'subscription.trust.rating', label: 'subscription.trust.ratingLabel' },
  { value: 'subscription.trust.satisfaction', label: 'subscription.trust.satisfactionLabel' },
] as const;

const TESTIMONIALS = [
  { quote: 'subscription.testimonials.a.quote', name: 'subscription.testimonials.a.name', role: 'subscription.testimonials.a.role', hue: 330 },
  { quote: 'subscription.testimonials.b.quote', name: 'subscription.testimonials.b.name', role: 'subscription.testimonials.b.role', hue: 35 },
  { quote: 'subscription.testimonials.c.quote', name: 'subscription.testimonials.c.name', role: 'subscription.testimonials.c.role', hue: 200 },
] as const;

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? '')
    .join('');
}

/** The page's marketing figures (part 2 §1: the pricing page shows 200+ users, 4.8/5, 98%) and three providers' words. */
export function SubscriptionTestimonials() {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Box component="section" aria-labelledby={titleId} sx={{ display: 'flex', flexDirection: 'column', gap: 2.5 }}>
      <Box sx={{ textAlign: 'center', mt: 2 }}>
        <Typography id={titleId} variant="h2" sx={{ mb: 0.5 }}>
          {t('subscription.testimonials.title')}
        </Typography>
        <Typography color="text.secondary">{t('subscription.testimonials.subtitle')}</Typography>
      </Box>
      <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', gap: { xs: 1, sm: 2 } }} data-testid="subscription-trust">
        {STATS.map(({ value, label }) => (
          <Box
            key={value}
            sx={{ display: 'flex', flexDirection: 'column-reverse', justifyContent: 'flex-end', textAlign: 'center', p: { xs: 1.5, sm: 2 }, borderRadius: 3, bgcolor: 'background.paper', border: 1, borderColor: 'divider' }}
          >
            <Box component="dt" sx={{ color: 'text.secondary', fontSize: { xs: '0.75rem', sm: '0.875rem' } }}>
              {t(label)}
            </Box>
            <Box component="dd" sx={{ m: 0, fontSize: { xs: '1.25rem', sm: '1.75rem' }, fontWeight: 700, color: 'primary.main', lineHeight: 1.2, whiteSpace: 'nowrap' }}>
              {t(value)}
            </Box>
          </Box>
        ))}
      </Box>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, minmax(0, 1fr))' } }}>
        {TESTIMONIALS.map(({ quote, name, role, hue }) => (
          <Card key={quote} component="figure" sx={{ m: 0 }} data-testid="testimonial">
            <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, height: '100%' }}>
              <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
                <Rating value={5} readOnly size="small" aria-label={t('subscription.testimonials.stars')} />
                <FormatQuoteIcon sx={{ color: 'grey.300' }} aria-hidden="true" />
              </Box>
              <Box component="blockquote" sx={{ m: 0, flexGrow: 1 }}>
                <Typography>{t(quote)}</Typography>
              </Box>
              <Box component="figcaption" sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
                <Avatar sx={{ bgcolor: `hsl(${hue} 45% 38%)`, width: 40, height: 40, fontSize: '0.9375rem' }} aria-hidden="true">
                  {initials(t(name))}
                </Avatar>
                <Box>
                  <Typography sx={{ fontWeight: 600 }}>{t(name)}</Typography>
                  <Typography variant="body2" color="text.secondary">
                    {t(role)}
                  </Typography>
                </Box>
              </Box>
            </CardContent>
          </Card>
        ))}
      </Box>
    </Box>
  );
}
