import ConstructionIcon from '@mui/icons-material/Construction';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/** Placeholder for a page of a later issue: the page title and a "coming soon" card. */
export function ComingSoon({ title }: { title: string }) {
  const { t } = useTranslation();
  return (
    <Box>
      <Typography variant="h1" sx={{ mb: 3 }}>
        {title}
      </Typography>
      <Card>
        <CardContent sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 4 }}>
          <ConstructionIcon color="primary" sx={{ fontSize: 40 }} aria-hidden="true" />
          <Box>
            <Typography variant="h2" component="p" sx={{ fontSize: '1.125rem', mb: 0.5 }}>
              {t('comingSoon.title')}
            </Typography>
            <Typography color="text.secondary">{t('comingSoon.message')}</Typography>
          </Box>
        </CardContent>
      </Card>
    </Box>
  );
}
