import BlockRoundedIcon from '@mui/icons-material/BlockRounded';
import EventRoundedIcon from '@mui/icons-material/EventRounded';
import LockOpenRoundedIcon from '@mui/icons-material/LockOpenRounded';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import Box from '@mui/material/Box';
import Chip, { type ChipProps } from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import type { RequestStatus } from '@/features/event-requests/request-status';
import { visuallyHidden } from '@/components/ui/visually-hidden';

const STATUS: Record<RequestStatus, { color: ChipProps['color']; icon: React.ReactElement; key: string }> = {
  locked: { color: 'default', icon: <LockOutlinedIcon />, key: 'requests.status.locked' },
  unlocked: { color: 'success', icon: <LockOpenRoundedIcon />, key: 'requests.status.unlocked' },
  rejected: { color: 'error', icon: <BlockRoundedIcon />, key: 'requests.status.rejected' },
};

/** Locked, unlocked or rejected, with its icon. */
export function StatusChip({ status, size = 'small' }: { status: RequestStatus; size?: ChipProps['size'] }) {
  const { t } = useTranslation();
  const { color, icon, key } = STATUS[status];
  return <Chip size={size} variant="outlined" color={color} icon={icon} label={t(key)} data-testid="status-chip" data-status={status} />;
}

/** "Today", "Tomorrow" or "In N days" for an event at most a week away. */
export function SoonChip({ days }: { days: number }) {
  const { t } = useTranslation();
  const label = days === 0 ? t('requests.soon.today') : days === 1 ? t('requests.soon.tomorrow') : t('requests.soon.days', { days });
  return (
    <Chip
      size="small"
      color="warning"
      icon={<EventRoundedIcon />}
      label={label}
      data-testid="soon-chip"
      sx={{ bgcolor: 'warning.light', color: 'warning.dark', '& .MuiChip-icon': { color: 'warning.dark' } }}
    />
  );
}

/** The dot of a request never opened, or with unread messages, named for screen readers. */
export function UnseenDot({ unread = false }: { unread?: boolean }) {
  const { t } = useTranslation();
  return (
    <Box component="span" data-testid="unseen-dot" sx={{ display: 'inline-flex', flexShrink: 0 }}>
      <Box
        component="span"
        aria-hidden="true"
        sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: 'primary.main', boxShadow: (theme) => `0 0 0 3px ${theme.palette.primary.main}33` }}
      />
      <Box component="span" sx={visuallyHidden}>
        {unread ? t('conversation.unreadDot') : t('requests.unseen')}
      </Box>
    </Box>
  );
}
