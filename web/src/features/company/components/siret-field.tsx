import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlineOutlined';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import TextField from '@mui/material/TextField';
import type { ReactNode, Ref } from 'react';
import { useTranslation } from 'react-i18next';
import type { SiretCheckState, SiretOutcome } from '@/features/company/api/check-siret';
import { SIRET_LENGTH, siretInput } from '@/lib/validation/company-rules';

type Tone = 'success' | 'error' | 'warning' | 'info';

const OUTCOMES: Record<SiretOutcome, { tone: Tone; key: string }> = {
  active: { tone: 'success', key: 'company.siret.valid' },
  inactive: { tone: 'error', key: 'company.siret.inactive' },
  not_found: { tone: 'error', key: 'company.siret.notFound' },
  format: { tone: 'error', key: 'company.siret.format' },
  error: { tone: 'warning', key: 'company.siret.checkError' },
  unknown: { tone: 'info', key: 'company.siret.unknown' },
};

const ICONS: Record<Tone, ReactNode> = {
  success: <CheckCircleOutlineIcon fontSize="inherit" aria-hidden="true" />,
  error: <ErrorOutlineIcon fontSize="inherit" aria-hidden="true" />,
  warning: <WarningAmberIcon fontSize="inherit" aria-hidden="true" />,
  info: <InfoOutlinedIcon fontSize="inherit" aria-hidden="true" />,
};

const COLORS: Record<Tone, { color: string }> = {
  success: { color: 'success.dark' },
  error: { color: 'error.main' },
  warning: { color: 'warning.dark' },
  info: { color: 'text.secondary' },
};

interface SiretFieldProps {
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  inputRef?: Ref<HTMLInputElement>;
  name?: string;
  check: SiretCheckState;
  /** A message key from the form or the server, shown before the check's outcome. */
  error?: string;
  disabled?: boolean;
}

/**
 * The SIRET: digits only, 14 at most; once complete, the register's answer
 * (valid, inactive, not found, wrong format, verification error, or a
 * neutral note when it will be verified by hand) is read out below it.
 */
export function SiretField({ value, onChange, onBlur, inputRef, name = 'siret', check, error, disabled }: SiretFieldProps) {
  const { t } = useTranslation();
  let helper: ReactNode = t('company.siret.hint');
  let tone: Tone | null = null;
  if (error && (check.status !== 'done' || value.length !== SIRET_LENGTH)) {
    tone = 'error';
    helper = t(error);
  } else if (check.status === 'waiting' || check.status === 'checking') {
    helper = (
      <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75 }}>
        <CircularProgress size={12} color="inherit" aria-hidden="true" />
        {t('company.siret.checking')}
      </Box>
    );
  } else if (check.status === 'done') {
    const outcome = OUTCOMES[check.outcome];
    tone = outcome.tone;
    helper = t(outcome.key);
  }

  return (
    <TextField
      name={name}
      value={value}
      onChange={(event) => onChange(siretInput(event.target.value))}
      onBlur={onBlur}
      inputRef={inputRef}
      label={t('company.siret.label')}
      required
      fullWidth
      disabled={disabled}
      error={tone === 'error'}
      helperText={
        <Box
          component="span"
          role="status"
          data-testid="siret-status"
          data-outcome={check.status === 'done' ? check.outcome : check.status}
          sx={{ display: 'inline-flex', alignItems: 'flex-start', gap: 0.5, color: tone ? COLORS[tone].color : undefined }}
        >
          {tone && <Box component="span" sx={{ fontSize: 16, lineHeight: 0, mt: '1px' }}>{ICONS[tone]}</Box>}
          <span>{helper}</span>
        </Box>
      }
      slotProps={{
        htmlInput: { inputMode: 'numeric', maxLength: SIRET_LENGTH, autoComplete: 'off', pattern: '[0-9]*' },
      }}
    />
  );
}
