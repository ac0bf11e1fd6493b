import SaveRoundedIcon from '@mui/icons-material/SaveRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormHelperText from '@mui/material/FormHelperText';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '@/components/ui/section-card';
import { useNotify } from '@/components/ui/snackbar-provider';
import { usePortrait, type Portrait } from '@/features/portrait/api/get-portrait';
import { useSavePortrait } from '@/features/portrait/api/save-portrait';
import { collapseEmptyParagraphs, hasWords, plainText, PORTRAIT_MAX_TEXT, PORTRAIT_SECTIONS, type PortraitSection } from '@/features/portrait/rich-text';
import { describeError, isApiError } from '@/lib/api-error';
import { intlLocale } from '@/lib/locales';

type Texts = Record<PortraitSection, string>;

// The editor (tiptap and ProseMirror, the bulk of this page) loads in its
// own chunk once the page shows, so the route's chunk stays small.
const RichTextEditor = lazy(() => import('@/features/portrait/components/rich-text-editor').then((m) => ({ default: m.RichTextEditor })));

/** /portrait-experiences (part 2 §5): four rich-text sections saved together. */
export function PortraitPage() {
  const { t } = useTranslation();
  const portrait = usePortrait();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3, maxWidth: 880 }}>
      <Box>
        <Typography variant="h1" sx={{ mb: 1 }}>
          {t('portrait.title')}
        </Typography>
        <Typography color="text.secondary">{t('portrait.subtitle')}</Typography>
      </Box>
      {portrait.isPending && (
        <Box aria-busy="true" sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <Skeleton variant="rounded" height={240} />
          <Skeleton variant="rounded" height={240} />
        </Box>
      )}
      {portrait.isError && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void portrait.refetch()}>
              {t('common.retry')}
            </Button>
          }
        >
          {t('portrait.errors.loading')}
        </Alert>
      )}
      {portrait.data && <PortraitForm saved={portrait.data} />}
    </Box>
  );
}

function PortraitForm({ saved }: { saved: Portrait }) {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const save = useSavePortrait();
  const [html, setHtml] = useState<Texts>(() => ({ ...saved }));
  const [lengths, setLengths] = useState<Record<PortraitSection, number>>(() =>
    Object.fromEntries(PORTRAIT_SECTIONS.map((s) => [s, plainText(saved[s]).length])) as Record<PortraitSection, number>,
  );
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<PortraitSection, string>>>({});

  // After a save the editors show the server's HTML (collapsed paragraphs, cleaned tags).
  const [shown, setShown] = useState(saved);
  if (shown !== saved) {
    setShown(saved);
    setHtml({ ...saved });
  }

  const cleaned = Object.fromEntries(PORTRAIT_SECTIONS.map((s) => [s, collapseEmptyParagraphs(html[s])])) as Texts;
  const dirty = PORTRAIT_SECTIONS.some((s) => cleaned[s] !== collapseEmptyParagraphs(saved[s]));
  const tooLong = PORTRAIT_SECTIONS.filter((s) => lengths[s] > PORTRAIT_MAX_TEXT);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (tooLong.length > 0 || save.isPending) return;
    setFieldErrors({});
    save.mutate(cleaned, {
      onSuccess: () => notify(t('portrait.saved'), 'success'),
      onError: (error) => {
        if (!isApiError(error)) return;
        const fields = Object.fromEntries(Object.entries(error.fields).filter(([f]) => (PORTRAIT_SECTIONS as readonly string[]).includes(f)));
        setFieldErrors(fields);
        const first = PORTRAIT_SECTIONS.find((s) => fields[s]);
        if (first) document.getElementById(`portrait-section-${first}`)?.scrollIntoView({ block: 'center', behavior: 'smooth' });
      },
    });
  };

  const placed = Object.keys(fieldErrors).length > 0;
  return (
    <Box component="form" onSubmit={submit} noValidate sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
      {PORTRAIT_SECTIONS.map((section) => (
        <SectionEditor
          key={section}
          section={section}
          value={html[section]}
          length={lengths[section]}
          error={fieldErrors[section] ? (i18n.exists(fieldErrors[section]) ? t(fieldErrors[section], { max: PORTRAIT_MAX_TEXT.toLocaleString(intlLocale(i18n.language)) }) : t('portrait.errors.generic')) : undefined}
          onChange={(value, text) => {
            setHtml((h) => ({ ...h, [section]: value }));
            setLengths((l) => ({ ...l, [section]: text.trim().length }));
            setFieldErrors((f) => ({ ...f, [section]: undefined }));
          }}
        />
      ))}
      {save.isError && !placed && (
        <Alert severity="error" role="alert">
          {describeError(save.error, (key) => t(key), 'portrait.errors.saving')}
        </Alert>
      )}
      <Box
        sx={{
          position: 'sticky',
          bottom: 0,
          zIndex: 1,
          py: 2,
          display: 'flex',
          alignItems: 'center',
          gap: 2,
          flexWrap: 'wrap',
          bgcolor: 'background.default',
          borderTop: 1,
          borderColor: 'divider',
        }}
      >
        <Button
          type="submit"
          variant="contained"
          disabled={!dirty || tooLong.length > 0 || save.isPending}
          startIcon={save.isPending ? <CircularProgress size={16} color="inherit" aria-hidden="true" /> : <SaveRoundedIcon />}
        >
          {t('portrait.save')}
        </Button>
        <Typography variant="body2" color="text.secondary" aria-live="polite">
          {dirty ? t('portrait.unsaved') : t('portrait.upToDate')}
        </Typography>
      </Box>
    </Box>
  );
}

interface SectionEditorProps {
  section: PortraitSection;
  value: string;
  length: number;
  error?: string;
  onChange: (html: string, text: string) => void;
}

function SectionEditor({ section, value, length, error, onChange }: SectionEditorProps) {
  const { t, i18n } = useTranslation();
  const helpId = useId();
  const empty = !hasWords(plainText(value));
  const over = length > PORTRAIT_MAX_TEXT;
  const number = (n: number) => n.toLocaleString(intlLocale(i18n.language));
  return (
    <Box id={`portrait-section-${section}`} sx={{ scrollMarginTop: 80 }}>
      <SectionCard title={t(`portrait.sections.${section}.title`)} description={t(`portrait.sections.${section}.hint`)} data-testid={`portrait-${section}`}>
        {empty && (
          <Alert severity="warning" sx={{ mb: 2 }} data-testid={`portrait-${section}-empty`}>
            {t('portrait.emptyWarning')}
          </Alert>
        )}
        <Suspense
          fallback={
            <Box role="status" aria-label={t('portrait.loadingEditor')}>
              <Skeleton variant="rounded" height={190} />
            </Box>
          }
        >
          <RichTextEditor label={t(`portrait.sections.${section}.title`)} value={value} onChange={onChange} invalid={Boolean(error) || over} describedBy={helpId} />
        </Suspense>
        <Box id={helpId} sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, mt: 0.5 }}>
          <FormHelperText error={Boolean(error) || over} role={error ? 'alert' : undefined} sx={{ m: 0 }}>
            {error ?? (over ? t('portrait.errors.too_long', { max: number(PORTRAIT_MAX_TEXT) }) : '')}
          </FormHelperText>
          <FormHelperText error={over} sx={{ m: 0, whiteSpace: 'nowrap' }}>
            {t('portrait.count', { n: number(length), max: number(PORTRAIT_MAX_TEXT) })}
          </FormHelperText>
        </Box>
      </SectionCard>
    </Box>
  );
}
