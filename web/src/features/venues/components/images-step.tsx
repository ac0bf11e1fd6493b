import AddPhotoAlternateOutlinedIcon from '@mui/icons-material/AddPhotoAlternateOutlined';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IMAGE_TEXT_MAX, imageProblem, VENUE_IMAGE_TYPES, type PendingImage } from '@/features/venues/venue-form';
import { countKey, formatBytes } from '@/features/venues/format';
import { intlLocale } from '@/lib/locales';

interface ImagesStepProps {
  images: PendingImage[];
  onChange: (images: PendingImage[]) => void;
  /** Photos the venue already has (edit), counted against the limit. */
  existing?: number;
  maxImages: number;
  maxBytes: number;
  /** Per photo, the share sent (0 to 1) while saving. */
  progress?: readonly number[] | null;
  disabled?: boolean;
}

function Preview({ file, alt }: { file: File; alt: string }) {
  const url = useMemo(() => URL.createObjectURL(file), [file]);
  useEffect(() => () => URL.revokeObjectURL(url), [url]);
  return <Box component="img" src={url} alt={alt} sx={{ width: { xs: '100%', sm: 140 }, aspectRatio: '3 / 2', objectFit: 'cover', borderRadius: 1, bgcolor: 'action.hover', flexShrink: 0, alignSelf: 'flex-start' }} />;
}

/**
 * Step 4: photos picked several at a time, each checked in the browser
 * (JPEG, PNG or WebP, 5 MB) with its own refusal, its alt text, title and
 * caption, and the choice of the key image; while the venue saves, each
 * shows how much of it has been sent.
 */
export function ImagesStep({ images, onChange, existing = 0, maxImages, maxBytes, progress, disabled }: ImagesStepProps) {
  const { t, i18n } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const counter = useRef(0);
  const [limitReached, setLimitReached] = useState(false);
  const room = maxImages - existing - images.filter((image) => !image.error).length;

  const add = (files: FileList | null) => {
    if (!files || files.length === 0) return;
    let free = room;
    const added: PendingImage[] = [];
    let refusedForLimit = false;
    for (const file of Array.from(files)) {
      const problem = imageProblem(file, maxBytes);
      if (!problem && free <= 0) {
        refusedForLimit = true;
        continue;
      }
      if (!problem) free -= 1;
      counter.current += 1;
      added.push({ key: `new-${counter.current}`, file, alt: '', title: '', description: '', caption: '', isKeyImage: false, isVisible: true, ...(problem ? { error: problem } : {}) });
    }
    const all = [...images, ...added];
    // The first accepted photo is the key image unless the venue has one already.
    if (existing === 0 && !all.some((image) => image.isKeyImage && !image.error)) {
      const first = all.find((image) => !image.error);
      if (first) first.isKeyImage = true;
    }
    setLimitReached(refusedForLimit);
    onChange(all);
  };

  const update = (key: string, patch: Partial<PendingImage>) => onChange(images.map((image) => (image.key === key ? { ...image, ...patch } : image)));
  const setKey = (key: string) => onChange(images.map((image) => ({ ...image, isKeyImage: image.key === key })));
  const remove = (key: string) => {
    const rest = images.filter((image) => image.key !== key);
    if (existing === 0 && !rest.some((image) => image.isKeyImage && !image.error)) {
      const first = rest.find((image) => !image.error);
      if (first) rest[rest.indexOf(first)] = { ...first, isKeyImage: true };
    }
    setLimitReached(false);
    onChange(rest);
  };

  const accepted = images.filter((image) => !image.error);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2.5 }}>
      <Typography color="text.secondary">
        {t('venues.images.intro', { max: new Intl.NumberFormat(intlLocale(i18n.language)).format(maxImages), size: formatBytes(maxBytes, i18n.language) })}
      </Typography>
      {existing > 0 && <Alert severity="info">{t(countKey('venues.images.existing', existing, i18n.language), { n: existing })}</Alert>}
      <Box>
        <input
          ref={input}
          type="file"
          accept={VENUE_IMAGE_TYPES.join(',')}
          multiple
          hidden
          data-testid="venue-images-input"
          onChange={(event) => {
            add(event.target.files);
            event.target.value = '';
          }}
        />
        <Button variant="outlined" startIcon={<AddPhotoAlternateOutlinedIcon />} onClick={() => input.current?.click()} disabled={disabled || room <= 0}>
          {t('venues.images.choose')}
        </Button>
      </Box>
      {(limitReached || room <= 0) && (
        <Alert severity="warning" data-testid="venue-image-limit">
          {t('venues.errors.image_limit', { max: maxImages })}
        </Alert>
      )}
      {images.length === 0 && <Typography color="text.secondary">{t('venues.images.none')}</Typography>}
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexDirection: 'column', gap: 2 }}>
        {images.map((image) => {
          const index = accepted.indexOf(image);
          const sent = index >= 0 && progress ? progress[index] : undefined;
          return (
            <Paper component="li" key={image.key} variant="outlined" sx={{ p: 2, display: 'flex', flexDirection: { xs: 'column', sm: 'row' }, gap: 2 }} data-testid="pending-image" data-error={image.error ?? ''}>
              <Preview file={image.file} alt={image.alt || image.file.name} />
              <Box sx={{ flexGrow: 1, minWidth: 0, display: 'flex', flexDirection: 'column', gap: 1.5 }}>
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                  <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere', flexGrow: 1 }}>
                    {image.file.name}
                    <Typography component="span" variant="body2" color="text.secondary">{` · ${formatBytes(image.file.size, i18n.language)}`}</Typography>
                  </Typography>
                  <IconButton aria-label={t('venues.images.remove', { name: image.file.name })} onClick={() => remove(image.key)} disabled={disabled} color="error">
                    <DeleteOutlineIcon />
                  </IconButton>
                </Box>
                {image.error ? (
                  <Alert severity="error" role="alert">
                    {t('venues.images.fileError', { name: image.file.name, message: t(image.error, { max: maxImages }) })}
                  </Alert>
                ) : (
                  <>
                    {sent !== undefined && (
                      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                        <LinearProgress variant="determinate" value={sent * 100} sx={{ flexGrow: 1 }} aria-label={t('venues.images.progress', { name: image.file.name })} />
                        <Typography variant="body2">{new Intl.NumberFormat(intlLocale(i18n.language), { style: 'percent' }).format(sent)}</Typography>
                      </Box>
                    )}
                    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 1.5 }}>
                      <TextField size="small" label={t('venues.images.alt')} value={image.alt} onChange={(e) => update(image.key, { alt: e.target.value })} onBlur={() => update(image.key, { alt: image.alt.trim() })} disabled={disabled} slotProps={{ htmlInput: { maxLength: IMAGE_TEXT_MAX.alt } }} helperText={t('venues.images.altHint')} />
                      <TextField size="small" label={t('venues.images.title')} value={image.title} onChange={(e) => update(image.key, { title: e.target.value })} onBlur={() => update(image.key, { title: image.title.trim() })} disabled={disabled} slotProps={{ htmlInput: { maxLength: IMAGE_TEXT_MAX.title } }} />
                      <TextField size="small" label={t('venues.images.caption')} value={image.caption} onChange={(e) => update(image.key, { caption: e.target.value })} onBlur={() => update(image.key, { caption: image.caption.trim() })} disabled={disabled} slotProps={{ htmlInput: { maxLength: IMAGE_TEXT_MAX.caption } }} sx={{ gridColumn: { md: '1 / -1' } }} />
                    </Box>
                    {existing === 0 && (
                      <FormControlLabel
                        control={<Radio checked={image.isKeyImage} onChange={() => setKey(image.key)} name="venue-key-image" disabled={disabled} />}
                        label={t('venues.images.keyImage')}
                      />
                    )}
                  </>
                )}
              </Box>
            </Paper>
          );
        })}
      </Box>
    </Box>
  );
}
