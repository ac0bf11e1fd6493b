import GroupsRoundedIcon from '@mui/icons-material/GroupsRounded';
import LockClockRoundedIcon from '@mui/icons-material/LockClockRounded';
import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/** What the cap badge reads of a request, listed or opened. */
export interface UnlockCapInfo {
  unlockCount: number;
  unlockCap: number;
  closed: boolean;
}

/**
 * A couple's project is unlocked by at most `unlockCap` providers, so a
 * lead stays worth its credit. The list shows "n/3 unlocked" before anyone pays, and
 * "closed" once the places are taken by others.
 */
export function UnlockCapChip({ request }: { request: UnlockCapInfo }) {
  const { t } = useTranslation();
  const values = { count: request.unlockCount, cap: request.unlockCap };
  return (
    <Chip
      size="small"
      variant={request.closed ? 'filled' : 'outlined'}
      color={request.closed ? 'warning' : 'default'}
      icon={request.closed ? <LockClockRoundedIcon /> : <GroupsRoundedIcon />}
      label={request.closed ? t('unlockCap.closedShort', values) : t('unlockCap.count', values)}
      title={request.closed ? t('unlockCap.closedTitle', values) : t('unlockCap.countTitle', values)}
      data-testid="unlock-cap"
      data-closed={request.closed ? 'true' : 'false'}
      sx={request.closed ? { bgcolor: 'warning.light', color: 'warning.dark', '& .MuiChip-icon': { color: 'warning.dark' } } : undefined}
    />
  );
}

/**
 * The detail's notice: how many places are taken before paying, or that the
 * request is closed (no unlock, nothing charged).
 */
export function UnlockCapNotice({ request, unlocked }: { request: UnlockCapInfo; unlocked: boolean }) {
  const { t } = useTranslation();
  const values = { count: request.unlockCount, cap: request.unlockCap, left: Math.max(0, request.unlockCap - request.unlockCount) };
  if (request.closed) {
    return (
      <Alert severity="warning" icon={<LockClockRoundedIcon />} data-testid="unlock-cap" data-closed="true" sx={{ mb: 3 }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {t('unlockCap.closedTitle', values)}
        </Typography>
        <Typography variant="body2">{t('unlockCap.closedText', values)}</Typography>
      </Alert>
    );
  }
  return (
    <Alert severity="info" icon={<GroupsRoundedIcon />} data-testid="unlock-cap" data-closed="false" sx={{ mb: 3 }}>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {t('unlockCap.count', values)}
      </Typography>
      <Typography variant="body2">{unlocked ? t('unlockCap.yours', values) : t('unlockCap.before', values)}</Typography>
    </Alert>
  );
}
