import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import { usePromotionalAlert, type MarketingAudience } from '@/features/dashboard/api/get-promotional-alert';
import { MarketingLink } from '@/features/dashboard/components/marketing-link';

/** The active promotional alert for planners or venues, with its button; nothing when there is none. */
export function PromotionalAlert({ audience }: { audience: MarketingAudience }) {
  const alert = usePromotionalAlert(audience);
  const data = alert.data;
  if (!data?.isActive) return null;
  return (
    <Alert
      severity="info"
      variant="outlined"
      role="note"
      data-testid="promotional-alert"
      sx={{
        bgcolor: 'background.paper',
        alignItems: 'center',
        flexWrap: { xs: 'wrap', sm: 'nowrap' },
        '& .MuiAlert-action': { pt: 0, pb: { xs: 1, sm: 0 }, ml: { xs: 4.5, sm: 'auto' }, pl: { xs: 0, sm: 2 } },
      }}
      action={
        data.buttonText && data.buttonLink ? (
          <MarketingLink href={data.buttonLink} variant="contained" size="small" sx={{ whiteSpace: 'nowrap' }}>
            {data.buttonText}
          </MarketingLink>
        ) : undefined
      }
    >
      <AlertTitle sx={{ fontWeight: 700 }}>{data.title}</AlertTitle>
      {data.description}
    </Alert>
  );
}
