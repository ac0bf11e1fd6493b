import CheckIcon from '@mui/icons-material/Check';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import TextField from '@mui/material/TextField';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSetCaption } from '@/features/portfolios/api/set-caption';
import { CAPTION_DEBOUNCE_MS, CAPTION_MAX } from '@/features/portfolios/portfolio-rules';
import { describeError } from '@/lib/api-error';

type Status = 'idle' | 'waiting' | 'saving' | 'saved' | 'error';

/**
 * A photo's caption, saved 2 s after the last keystroke (part 2 §9) or when
 * the field is left; the field says whether it is waiting, saving or saved.
 */
export function CaptionField({ portfolioId, imageId, initial, label }: { portfolioId: string; imageId: string; initial: string; label: string }) {
  const { t } = useTranslation();
  const [value, setValue] = useState(initial);
  const [status, setStatus] = useState<Status>('idle');
  const [error, setError] = useState('');
  const saved = useRef(initial);
  const typed = useRef(initial);
  const timer = useRef<number | undefined>(undefined);

  const { mutateAsync: setCaption } = useSetCaption(portfolioId);
  const save = useCallback(async () => {
    window.clearTimeout(timer.current);
    const text = typed.current;
    if (text.trim() === saved.current.trim()) {
      setStatus((s) => (s === 'waiting' ? 'idle' : s));
      return;
    }
    setStatus('saving');
    try {
      const image = await setCaption({ imageId, caption: text });
      saved.current = image.caption;
      setStatus(typed.current.trim() === image.caption ? 'saved' : 'waiting');
      setError('');
    } catch (failure) {
      setStatus('error');
      setError(describeError(failure, (key) => t(key), 'portfolios.errors.image_caption_update'));
    }
  }, [setCaption, imageId, t]);

  // A caption typed but not yet saved is sent when the photo leaves the screen.
  const saveOnLeave = useRef(save);
  useEffect(() => {
    saveOnLeave.current = save;
  }, [save]);
  useEffect(() => {
    const pending = { typed, saved, saveOnLeave };
    return () => {
      window.clearTimeout(timer.current);
      if (pending.typed.current.trim() !== pending.saved.current.trim() && [...pending.typed.current.trim()].length <= CAPTION_MAX) {
        void pending.saveOnLeave.current();
      }
    };
  }, []);

  const tooLong = [...value.trim()].length > CAPTION_MAX;
  const helper =
    status === 'error' ? error
    : tooLong ? t('portfolios.errors.caption_too_long')
    : status === 'saving' ? t('portfolios.photos.captionSaving')
    : status === 'saved' ? t('portfolios.photos.captionSaved')
    : status === 'waiting' ? t('portfolios.photos.captionWaiting')
    : ' ';
  return (
    <TextField
      size="small"
      fullWidth
      multiline
      maxRows={3}
      label={label}
      value={value}
      error={status === 'error' || tooLong}
      onChange={(event) => {
        const next = event.target.value;
        setValue(next);
        typed.current = next;
        window.clearTimeout(timer.current);
        if ([...next.trim()].length > CAPTION_MAX) {
          setStatus('idle');
          return;
        }
        setStatus('waiting');
        timer.current = window.setTimeout(() => void save(), CAPTION_DEBOUNCE_MS);
      }}
      onBlur={() => {
        if (status === 'waiting' && !tooLong) void save();
      }}
      helperText={
        <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }} aria-live="polite" data-testid="caption-status">
          {status === 'saving' && <CircularProgress size={10} color="inherit" aria-hidden="true" />}
          {status === 'saved' && <CheckIcon sx={{ fontSize: 14, color: 'success.main' }} aria-hidden="true" />}
          {helper}
        </Box>
      }
      slotProps={{ htmlInput: { 'data-testid': 'caption-input' } }}
    />
  );
}
