import FacebookIcon from '@mui/icons-material/Facebook';
import InstagramIcon from '@mui/icons-material/Instagram';
import LinkedInIcon from '@mui/icons-material/LinkedIn';
import MusicNoteIcon from '@mui/icons-material/MusicNote';
import PinterestIcon from '@mui/icons-material/Pinterest';
import XIcon from '@mui/icons-material/X';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useState, type ComponentType } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { SocialLinks, SocialNetworks } from '@/features/social-networks/api/get-social-networks';
import { useSaveSocialNetworks } from '@/features/social-networks/api/save-social-networks';
import { NETWORKS, normaliseSocial, type Network } from '@/lib/social-url';
import { SectionCard } from '@/components/ui/section-card';
import { useNotify } from '@/components/ui/snackbar-provider';
import { isApiError } from '@/lib/api-error';
import { applyFieldErrors } from '@/lib/form-errors';

type Values = Record<Network, string>;

/** The API's name of each network's field. */
export const API_FIELD: Record<Network, keyof SocialLinks> = {
  facebook: 'snFacebook',
  instagram: 'snInstagram',
  twitter: 'snTwitter',
  tiktok: 'snTikTok',
  linkedin: 'snLinkedIn',
  pinterest: 'snPinterest',
};

const ICONS: Record<Network, ComponentType<{ fontSize?: 'small' }>> = {
  facebook: FacebookIcon,
  instagram: InstagramIcon,
  twitter: XIcon,
  tiktok: MusicNoteIcon,
  linkedin: LinkedInIcon,
  pinterest: PinterestIcon,
};

const EXAMPLES: Record<Network, string> = {
  facebook: 'facebook.com/…',
  instagram: 'instagram.com/…',
  twitter: 'x.com/…',
  tiktok: 'tiktok.com/@…',
  linkedin: 'linkedin.com/in/…',
  pinterest: 'pinterest.com/…',
};

function valuesOf(links: SocialNetworks): Values {
  return Object.fromEntries(NETWORKS.map((n) => [n, links[API_FIELD[n]]])) as Values;
}

function linksOf(values: Values): SocialLinks {
  return Object.fromEntries(NETWORKS.map((n) => [API_FIELD[n], values[n].trim()])) as SocialLinks;
}

const serverTargets = Object.fromEntries(NETWORKS.map((n) => [API_FIELD[n], n])) as Record<string, Network>;

/** The six profile links: each checked as the server does, none saved while one is wrong. */
export function SocialLinksForm({ links }: { links: SocialNetworks }) {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const [refused, setRefused] = useState(false);
  const { control, handleSubmit, setError, reset, setValue, formState } = useForm<Values>({
    mode: 'onTouched',
    defaultValues: valuesOf(links),
  });
  // Read on every render, so the form re-renders when errors come and go.
  const hasErrors = Object.keys(formState.errors).length > 0;

  const save = useSaveSocialNetworks({
    onSuccess: (saved) => {
      reset(valuesOf(saved));
      setRefused(false);
      notify(t('social_networks.saved'));
    },
    onError: (failure) => {
      if (isApiError(failure) && failure.code === 'social_networks.errors.invalid_urls') {
        setRefused(true);
        applyFieldErrors(failure, setError, { targets: serverTargets, i18n, fallbackKey: 'social_networks.errors.invalid_urls', shouldFocus: true });
        return;
      }
      notify(t('social_networks.errors.saving'), 'error');
    },
  });

  const onInvalid = () => setRefused(true);

  return (
    <SectionCard title={t('social_networks.section')} data-testid="social-links-card">
      <Box
        component="form"
        noValidate
        onSubmit={handleSubmit((values) => save.mutate(linksOf(values)), onInvalid)}
        sx={{ display: 'grid', gap: 2.5, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}
      >
        {refused && hasErrors && (
          <Alert severity="error" sx={{ gridColumn: '1 / -1' }} data-testid="social-invalid-urls">
            {t('social_networks.errors.invalid_urls')}
          </Alert>
        )}
        {NETWORKS.map((network) => {
          const Icon = ICONS[network];
          return (
            <Controller
              key={network}
              control={control}
              name={network}
              rules={{ validate: (value) => normaliseSocial(network, value).ok || `social_networks.errors.invalid_${network}` }}
              render={({ field, fieldState }) => (
                <TextField
                  {...field}
                  onBlur={() => {
                    // Shown as it will be saved: the canonical https address.
                    const checked = normaliseSocial(network, field.value);
                    if (checked.ok && checked.value !== field.value) setValue(network, checked.value, { shouldValidate: true });
                    field.onBlur();
                  }}
                  id={`social-${network}`}
                  type="url"
                  inputMode="url"
                  autoComplete="url"
                  label={t(`social_networks.fields.${network}`)}
                  placeholder={EXAMPLES[network]}
                  error={Boolean(fieldState.error)}
                  helperText={fieldState.error?.message ? t(fieldState.error.message) : ' '}
                  fullWidth
                  slotProps={{
                    input: {
                      startAdornment: (
                        <InputAdornment position="start">
                          <Icon fontSize="small" />
                        </InputAdornment>
                      ),
                    },
                  }}
                />
              )}
            />
          );
        })}
        <Box sx={{ gridColumn: '1 / -1' }}>
          <Button
            type="submit"
            variant="contained"
            size="large"
            disabled={save.isPending}
            startIcon={save.isPending ? <CircularProgress size={16} color="inherit" aria-hidden="true" /> : undefined}
            sx={{ width: { xs: '100%', sm: 'auto' } }}
          >
            {save.isPending ? t('common.saving') : t('social_networks.save')}
          </Button>
        </Box>
      </Box>
    </SectionCard>
  );
}
