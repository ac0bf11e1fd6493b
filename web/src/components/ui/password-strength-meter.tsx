import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { visuallyHidden } from '@/components/ui/visually-hidden';
import { STRENGTH_CRITERIA, scorePassword, type StrengthLevel } from '@/lib/validation/password-strength';

const LEVEL_COLORS: Record<StrengthLevel, 'inherit' | 'error' | 'warning' | 'info' | 'success'> = {
  none: 'inherit',
  veryWeak: 'error',
  weak: 'warning',
  good: 'info',
  veryGood: 'success',
  excellent: 'success',
};

const LEVEL_KEYS: Record<StrengthLevel, string> = {
  none: 'passwordStrength.levels.none',
  veryWeak: 'passwordStrength.levels.veryWeak',
  weak: 'passwordStrength.levels.weak',
  good: 'passwordStrength.levels.good',
  veryGood: 'passwordStrength.levels.veryGood',
  excellent: 'passwordStrength.levels.excellent',
};

const CRITERION_KEYS = {
  lowercase: 'passwordStrength.criteria.lowercase',
  uppercase: 'passwordStrength.criteria.uppercase',
  digit: 'passwordStrength.criteria.digit',
  special: 'passwordStrength.criteria.special',
  length: 'passwordStrength.criteria.length',
} as const;

/**
 * The strength indicator of part 1 §5: a bar, the level's name and the
 * checklist of the five criteria. `id` lets the password field point at it
 * with aria-describedby.
 */
export function PasswordStrengthMeter({ password, id }: { password: string; id?: string }) {
  const { t } = useTranslation();
  const generated = useId();
  const labelId = `${id ?? generated}-label`;
  const { score, level, criteria } = scorePassword(password.trim());
  const color = LEVEL_COLORS[level];
  return (
    <Box id={id} sx={{ display: 'flex', flexDirection: 'column', gap: 1 }} data-testid="password-strength">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
        <LinearProgress
          variant="determinate"
          value={(score / 5) * 100}
          color={color === 'inherit' ? 'primary' : color}
          aria-labelledby={labelId}
          sx={{ flexGrow: 1, height: 8, borderRadius: 4, bgcolor: 'grey.200' }}
        />
        <Typography id={labelId} variant="body2" sx={{ fontWeight: 600, minWidth: 0, whiteSpace: 'nowrap' }} aria-live="polite">
          {t('passwordStrength.label', { level: t(LEVEL_KEYS[level]) })}
        </Typography>
      </Box>
      <Box
        component="ul"
        sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 0.5 }}
        aria-label={t('passwordStrength.criteriaLabel')}
      >
        {STRENGTH_CRITERIA.map((criterion) => {
          const met = criteria[criterion];
          return (
            <Box
              component="li"
              key={criterion}
              sx={{ display: 'flex', alignItems: 'center', gap: 0.75, color: met ? 'success.main' : 'text.secondary' }}
              data-met={met ? 'true' : 'false'}
            >
              {met ? (
                <CheckCircleIcon fontSize="small" aria-hidden="true" />
              ) : (
                <RadioButtonUncheckedIcon fontSize="small" aria-hidden="true" />
              )}
              <Typography variant="body2" component="span">
                {t(CRITERION_KEYS[criterion])}
                <Box component="span" sx={visuallyHidden}>
                  {` (${met ? t('passwordStrength.met') : t('passwordStrength.notMet')})`}
                </Box>
              </Typography>
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}
