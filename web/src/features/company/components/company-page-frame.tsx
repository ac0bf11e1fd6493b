import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { UseQueryResult } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotify } from '@/components/ui/snackbar-provider';

interface CompanyPageFrameProps<T> {
  title: string;
  subtitle: string;
  query: UseQueryResult<T>;
  children: (data: T) => ReactNode;
}

/**
 * A company page: its title, then the form once the company is loaded. A
 * loading failure shows the loading toast (part 1 §8) and a retry button.
 */
export function CompanyPageFrame<T>({ title, subtitle, query, children }: CompanyPageFrameProps<T>) {
  const { t } = useTranslation();
  const notify = useNotify();

  useEffect(() => {
    if (query.isError) notify(t('company.errors.loading'), 'error');
  }, [query.isError, notify, t]);

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3, maxWidth: 880 }}>
      <Box>
        <Typography variant="h1" sx={{ mb: 1 }}>
          {title}
        </Typography>
        <Typography color="text.secondary">{subtitle}</Typography>
      </Box>
      {query.isPending && (
        <Card aria-busy="true" data-testid="company-loading">
          <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 2, p: { xs: 2, sm: 3 } }}>
            <Skeleton variant="text" width="40%" height={32} />
            <Skeleton variant="rounded" height={56} />
            <Skeleton variant="rounded" height={56} />
            <Skeleton variant="rounded" width={120} height={40} />
          </CardContent>
        </Card>
      )}
      {query.isError && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void query.refetch()}>
              {t('common.retry')}
            </Button>
          }
        >
          {t('company.errors.loading')}
        </Alert>
      )}
      {query.isSuccess && children(query.data)}
    </Box>
  );
}
