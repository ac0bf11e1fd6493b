import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { type LegalPageName, useLegalPage } from '@/features/legal/api/get-legal-page';
import { intlLocale } from '@/lib/locales';

/** The legal pages the back-office shows itself, each at /<page>. */
const IN_APP: readonly LegalPageName[] = ['terms', 'privacy'];

/** A date (YYYY-MM-DD) written out in the interface language. */
function longDate(iso: string, locale: string): string {
  return new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${iso}T12:00:00Z`));
}

/** One legal page of the domain, in the interface language, with links to the other ones. */
export function LegalPage({ page }: { page: LegalPageName }) {
  const { t, i18n } = useTranslation();
  const query = useLegalPage(page);

  if (query.isPending) {
    return (
      <Box aria-busy="true">
        <Skeleton variant="text" sx={{ fontSize: '2.5rem', width: '70%' }} />
        <Skeleton variant="text" sx={{ width: '30%', mb: 3 }} />
        <Skeleton variant="rounded" height={320} />
      </Box>
    );
  }
  if (query.isError) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void query.refetch()}>
            {t('common.retry')}
          </Button>
        }
      >
        {t('legal.loadError')}
      </Alert>
    );
  }
  const doc = query.data;
  return (
    <Paper component="article" variant="outlined" lang={doc.lang} sx={{ p: { xs: 2.5, sm: 5 }, borderRadius: 3 }}>
      <Typography
        variant="h4"
        component="h1"
        sx={{ fontWeight: 700, fontSize: { xs: '1.625rem', sm: '2.125rem' }, lineHeight: 1.2, mb: 1, overflowWrap: 'anywhere' }}
      >
        {doc.title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 3 }}>
        <time dateTime={doc.updated}>{t('legal.updated', { date: longDate(doc.updated, i18n.language) })}</time>
      </Typography>
      {/* The server renders this from Markdown and sanitises it (package legal). */}
      <Box
        sx={{
          typography: 'body1',
          overflowWrap: 'anywhere',
          '& h2': { typography: 'h6', fontSize: { xs: '1.125rem', sm: '1.25rem' }, fontWeight: 700, mt: 4, mb: 1 },
          '& h3': { typography: 'subtitle1', fontWeight: 700, mt: 3, mb: 1 },
          '& p': { mt: 0, mb: 1.5 },
          '& ul, & ol': { mt: 0, mb: 1.5, pl: 3 },
          '& li': { mb: 0.75 },
          '& a': { color: 'primary.main' },
          '& code': { fontSize: '0.875em', bgcolor: 'action.hover', px: 0.5, borderRadius: 0.5, whiteSpace: 'nowrap' },
          '& table': { width: '100%', borderCollapse: 'collapse', mb: 2, typography: 'body2' },
          '& th, & td': {
            border: 1,
            borderColor: 'divider',
            px: { xs: 0.75, sm: 1.25 },
            py: { xs: 0.75, sm: 1 },
            textAlign: 'left',
            verticalAlign: 'top',
            overflowWrap: 'normal',
          },
          '& th': { bgcolor: 'action.hover' },
        }}
        dangerouslySetInnerHTML={{ __html: doc.html }}
      />
      <Box component="nav" aria-labelledby="legal-see-also" sx={{ mt: 4, pt: 2, borderTop: 1, borderColor: 'divider' }}>
        <Typography id="legal-see-also" variant="subtitle2" component="h2" sx={{ mb: 1 }}>
          {t('legal.seeAlso')}
        </Typography>
        <Box component="ul" sx={{ m: 0, pl: 0, listStyle: 'none', display: 'flex', flexWrap: 'wrap', gap: 1, columnGap: 3 }}>
          {IN_APP.filter((other) => other !== page).map((other) => (
            <li key={other}>
              <Link component={RouterLink} to={`/${other}`}>
                {t(`legal.links.${other}`)}
              </Link>
            </li>
          ))}
          <li>
            <Link href={doc.publicUrl}>{t('legal.publicSite')}</Link>
          </li>
        </Box>
      </Box>
    </Paper>
  );
}
