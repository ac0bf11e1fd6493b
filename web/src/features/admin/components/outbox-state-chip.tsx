import AutorenewIcon from '@mui/icons-material/Autorenew';
import CheckCircleOutlinedIcon from '@mui/icons-material/CheckCircleOutlined';
import ErrorOutlinedIcon from '@mui/icons-material/ErrorOutlined';
import PauseCircleOutlinedIcon from '@mui/icons-material/PauseCircleOutlined';
import ScheduleOutlinedIcon from '@mui/icons-material/ScheduleOutlined';
import { useTranslation } from 'react-i18next';
import type { OutboxState } from '@/features/admin/api/list-outbox';
import { StatusChip, type Tone } from '@/features/admin/components/status-chips';

// Held is neutral: nothing went wrong, no relay is configured (a development or demo server).
const TONES: Record<OutboxState, Tone> = { queued: 'info', retrying: 'warning', sent: 'success', failed: 'error', held: 'default' };

const ICONS: Record<OutboxState, typeof ScheduleOutlinedIcon> = {
  queued: ScheduleOutlinedIcon,
  retrying: AutorenewIcon,
  sent: CheckCircleOutlinedIcon,
  failed: ErrorOutlinedIcon,
  held: PauseCircleOutlinedIcon,
};

/** A message's delivery state, in the colours of the other admin chips (kept out of status-chips.tsx so its icons load with the outbox only). */
export function OutboxStateChip({ state }: { state: OutboxState }) {
  const { t } = useTranslation();
  const Icon = ICONS[state];
  return <StatusChip label={t(`admin.outbox.states.${state}`)} color={TONES[state]} icon={<Icon />} testId="outbox-state" />;
}
