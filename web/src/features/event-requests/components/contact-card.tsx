import BlockRoundedIcon from '@mui/icons-material/BlockRounded';
import EmailOutlinedIcon from '@mui/icons-material/EmailOutlined';
import LockOpenRoundedIcon from '@mui/icons-material/LockOpenRounded';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import PersonOutlineRoundedIcon from '@mui/icons-material/PersonOutlineRounded';
import PhoneOutlinedIcon from '@mui/icons-material/PhoneOutlined';
import WorkspacePremiumRoundedIcon from '@mui/icons-material/WorkspacePremiumRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { EventRequestDetail } from '@/features/event-requests/api/get-event-request';
import { formatDate, type RequestStatus } from '@/features/event-requests/request-status';
import { SectionCard } from '@/components/ui/section-card';

/** The number as people read it (+33 6 11 22 33 44); the link keeps E.164. */
function displayPhone(phone: string): string {
  return parsePhoneNumberFromString(phone)?.formatInternational() ?? phone;
}

function Row({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', py: 1 }}>
      <Box
        aria-hidden="true"
        sx={{ width: 36, height: 36, borderRadius: '50%', display: 'grid', placeItems: 'center', bgcolor: 'grey.100', color: 'text.secondary', flexShrink: 0 }}
      >
        {icon}
      </Box>
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="caption" color="text.secondary" component="p">
          {label}
        </Typography>
        <Typography component="div" sx={{ overflowWrap: 'anywhere', fontWeight: 500 }}>
          {children}
        </Typography>
      </Box>
    </Box>
  );
}

function Hidden() {
  const { t } = useTranslation();
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, color: 'text.secondary', fontWeight: 400 }}>
      <LockOutlinedIcon sx={{ fontSize: 16 }} aria-hidden="true" />
      {t('requests.contact.hidden')}
    </Box>
  );
}

interface ContactCardProps {
  detail: EventRequestDetail;
  status: RequestStatus;
  premium: boolean;
  credits: number;
  onUnlock: () => void;
  onReject: () => void;
}

/**
 * The couple's contact: hidden until unlocked (part 2 §3), shown to premium
 * providers; a rejected request says why and that it cannot be unlocked.
 * The unlock and reject buttons live here, next to what they change.
 */
export function ContactCard({ detail, status, premium, credits, onUnlock, onReject }: ContactCardProps) {
  const { t, i18n } = useTranslation();
  const { member } = detail.project;
  const { message } = detail;
  const open = status === 'unlocked';
  const fullName = [member.firstname, open ? member.lastname : null].filter(Boolean).join(' ');
  const reason = message.rejectionReason ? (detail.rejectionReasons[message.rejectionReason] ?? message.rejectionReason) : null;

  return (
    <SectionCard title={t('requests.contact.title')} data-testid="contact-card">
      {status === 'rejected' && (
        <Alert severity="error" icon={<BlockRoundedIcon />} sx={{ mb: 2 }} data-testid="rejected-notice">
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {t('requests.contact.rejectedOn', { date: formatDate(message.hasRejectedAt, i18n.language, 'long') })}
          </Typography>
          {reason && <Typography variant="body2">{t('requests.contact.reason', { reason })}</Typography>}
          <Typography variant="body2" sx={{ mt: 0.5 }}>
            {t('requests.contact.cannotUnlock')}
          </Typography>
        </Alert>
      )}
      <Box>
        <Row icon={<PersonOutlineRoundedIcon fontSize="small" />} label={t('requests.contact.name')}>
          {fullName}
        </Row>
        <Row icon={<EmailOutlinedIcon fontSize="small" />} label={t('requests.contact.email')}>
          {open && member.email ? <Link href={`mailto:${member.email}`}>{member.email}</Link> : <Hidden />}
        </Row>
        <Row icon={<PhoneOutlinedIcon fontSize="small" />} label={t('requests.contact.phone')}>
          {open && member.phone ? <Link href={`tel:${member.phone}`}>{displayPhone(member.phone)}</Link> : <Hidden />}
        </Row>
      </Box>

      {status === 'locked' && !detail.closed && (
        <Box sx={{ mt: 2, p: 2, borderRadius: 2, bgcolor: 'grey.50', border: '1px dashed', borderColor: 'divider' }}>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {t('requests.contact.lockedHint', { credits })}
          </Typography>
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <Button variant="contained" startIcon={<LockOpenRoundedIcon />} onClick={onUnlock} sx={{ flex: { xs: '1 1 100%', sm: '0 0 auto' } }}>
              {t('requests.actions.unlock')}
            </Button>
            <Button variant="outlined" color="error" onClick={onReject} sx={{ flex: { xs: '1 1 100%', sm: '0 0 auto' } }}>
              {t('requests.actions.reject')}
            </Button>
          </Box>
        </Box>
      )}

      {status === 'unlocked' && (
        <Box sx={{ mt: 2, display: 'flex', flexDirection: 'column', gap: 2 }}>
          {premium ? (
            <Typography variant="body2" color="text.secondary" sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
              <WorkspacePremiumRoundedIcon fontSize="small" color="secondary" aria-hidden="true" />
              {t('requests.contact.premiumIncluded')}
            </Typography>
          ) : (
            message.unlockDate && (
              <Typography variant="body2" color="text.secondary">
                {t('requests.contact.unlockedOn', { date: formatDate(message.unlockDate, i18n.language, 'long') })}
              </Typography>
            )
          )}
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            {member.email && (
              <Button variant="contained" startIcon={<EmailOutlinedIcon />} href={`mailto:${member.email}`} sx={{ flex: { xs: '1 1 100%', sm: '0 0 auto' } }}>
                {t('requests.contact.write')}
              </Button>
            )}
            <Button variant="text" color="error" onClick={onReject} sx={{ flex: { xs: '1 1 100%', sm: '0 0 auto' } }}>
              {t('requests.actions.reject')}
            </Button>
          </Box>
        </Box>
      )}
    </SectionCard>
  );
}
