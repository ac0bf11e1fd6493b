import Chip, { type ChipProps } from '@mui/material/Chip';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';

export type Tone = ChipProps['color'];

/**
 * The one look of a state: filled in its colour, outlined when neutral. The
 * icon, when given, lets a state be told apart without its colour.
 */
export function StatusChip({ label, color, testId, icon }: { label: string; color: Tone; testId?: string; icon?: ReactElement }) {
  return <Chip size="small" label={label} color={color} variant={color === 'default' ? 'outlined' : 'filled'} data-testid={testId} icon={icon} />;
}

export type SiretStatus = 'unknown' | 'active' | 'inactive' | 'not_found';

const SIRET_TONES: Record<SiretStatus, Tone> = { unknown: 'warning', active: 'success', inactive: 'error', not_found: 'error' };

/** The company register's verdict on a SIRET, or an admin's. */
export function SiretChip({ status }: { status: SiretStatus }) {
  const { t } = useTranslation();
  return <StatusChip label={t(`admin.siret.status.${status}`)} color={SIRET_TONES[status]} testId="siret-chip" />;
}

export type Role = 'ROLE_PRESTATAIRE' | 'ROLE_VENUE' | 'ROLE_ADMIN';

const ROLE_KEYS: Record<Role, string> = {
  ROLE_PRESTATAIRE: 'admin.roles.planner',
  ROLE_VENUE: 'admin.roles.venue',
  ROLE_ADMIN: 'admin.roles.admin',
};

export function RoleChip({ role }: { role: Role }) {
  const { t } = useTranslation();
  return <StatusChip label={t(ROLE_KEYS[role])} color={role === 'ROLE_ADMIN' ? 'secondary' : 'default'} />;
}

export type PremiumStatus = 'none' | 'active' | 'cancellation' | 'canceled';

const PREMIUM_TONES: Record<PremiumStatus, Tone> = { none: 'default', active: 'primary', cancellation: 'warning', canceled: 'default' };

export function PremiumChip({ status }: { status: PremiumStatus }) {
  const { t } = useTranslation();
  return <StatusChip label={t(`admin.premium.${status}`)} color={PREMIUM_TONES[status]} />;
}

export function ModeratedChip({ moderated }: { moderated: boolean }) {
  const { t } = useTranslation();
  return (
    <StatusChip
      label={moderated ? t('admin.users.moderatedYes') : t('admin.users.moderatedNo')}
      color={moderated ? 'success' : 'warning'}
    />
  );
}
