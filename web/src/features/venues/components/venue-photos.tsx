import AddPhotoAlternateOutlinedIcon from '@mui/icons-material/AddPhotoAlternateOutlined';
import ArrowBackIosNewRoundedIcon from '@mui/icons-material/ArrowBackIosNewRounded';
import ArrowForwardIosRoundedIcon from '@mui/icons-material/ArrowForwardIosRounded';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import StarIcon from '@mui/icons-material/Star';
import StarBorderIcon from '@mui/icons-material/StarBorder';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeleteVenueImage } from '@/features/venues/api/delete-venue-image';
import type { Venue, VenueImage } from '@/features/venues/api/get-venue';
import { useUpdateVenueImage, type VenueImagePatch } from '@/features/venues/api/update-venue-image';
import { useUploadVenueImage } from '@/features/venues/api/upload-venue-image';
import { countKey } from '@/features/venues/format';
import { IMAGE_TEXT_MAX, imageProblem, serverKeys, VENUE_IMAGE_TYPES } from '@/features/venues/venue-form';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useNotify } from '@/components/ui/snackbar-provider';
import { describeError, isApiError } from '@/lib/api-error';

interface Upload {
  key: string;
  name: string;
  sent: number;
  error?: string;
}

function MetadataDialog({ image, onClose, onSave }: { image: VenueImage; onClose: () => void; onSave: (patch: VenueImagePatch) => Promise<void> }) {
  const { t } = useTranslation();
  const titleId = useId();
  const [values, setValues] = useState({ alt: image.alt, title: image.title, description: image.description, caption: image.caption });
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const field = (name: keyof typeof values, multiline = false) => (
    <TextField
      label={t(`venues.images.${name}`)}
      value={values[name]}
      onChange={(event) => setValues((was) => ({ ...was, [name]: event.target.value }))}
      onBlur={() => setValues((was) => ({ ...was, [name]: was[name].trim() }))}
      multiline={multiline}
      minRows={multiline ? 3 : undefined}
      disabled={pending}
      slotProps={{ htmlInput: { maxLength: IMAGE_TEXT_MAX[name] } }}
    />
  );
  return (
    <Dialog open onClose={pending ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{t('venues.photos.editTitle')}</DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: '8px !important' }}>
        <Box component="img" src={image.thumbnailUrl} alt="" sx={{ width: '100%', maxHeight: 220, objectFit: 'cover', borderRadius: 1 }} />
        {field('alt')}
        {field('title')}
        {field('caption')}
        {field('description', true)}
        {error != null && <Alert severity="error">{describeError(error, (key) => t(key), 'venues.errors.image_update')}</Alert>}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={pending}>
          {t('common.cancel')}
        </Button>
        <Button
          variant="contained"
          disabled={pending}
          onClick={() => {
            setPending(true);
            setError(null);
            const trimmed = { alt: values.alt.trim(), title: values.title.trim(), description: values.description.trim(), caption: values.caption.trim() };
            onSave(trimmed)
              .then(onClose)
              .catch((failure: unknown) => setError(failure))
              .finally(() => setPending(false));
          }}
        >
          {t('common.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * The photos tab: the grid in order, upload of more photos (each its own
 * request, with its progress and refusal), the metadata, the key image,
 * the visibility, the order and deletion with a confirmation. Each change
 * is applied to the venue the server's reply describes.
 */
export function VenuePhotos({ venue, maxImages, maxBytes }: { venue: Venue; maxImages: number; maxBytes: number }) {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const input = useRef<HTMLInputElement>(null);
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [editing, setEditing] = useState<VenueImage | null>(null);
  const [deleting, setDeleting] = useState<VenueImage | null>(null);
  const images = [...venue.images].sort((a, b) => a.position - b.position);
  const room = maxImages - images.length - uploads.filter((upload) => !upload.error).length;
  const counter = useRef(0);

  const patch = useUpdateVenueImage(venue.id, {
    onError: (error) => notify(describeError(error, (key) => t(key), 'venues.errors.image_update'), 'error'),
  });
  // The metadata dialog says itself what went wrong: a mutation of its own, without the snackbar.
  const saveMetadata = useUpdateVenueImage(venue.id);
  const sendImage = useUploadVenueImage(venue.id);

  const remove = useDeleteVenueImage(venue.id, {
    onSuccess: () => {
      setDeleting(null);
      notify(t('venues.photos.deleted'), 'success');
    },
  });

  const upload = async (files: FileList | null) => {
    if (!files) return;
    let free = room;
    for (const file of Array.from(files)) {
      counter.current += 1;
      const key = `upload-${counter.current}`;
      const problem = imageProblem(file, maxBytes) ?? (free <= 0 ? 'venues.errors.image_limit' : null);
      setUploads((all) => [...all, { key, name: file.name, sent: 0, ...(problem ? { error: problem } : {}) }]);
      if (problem) continue;
      free -= 1;
      const form = new FormData();
      form.append('file', file, file.name);
      try {
        await sendImage.mutateAsync({ form, onProgress: (sent) => setUploads((all) => all.map((one) => (one.key === key ? { ...one, sent } : one))) });
        setUploads((all) => all.filter((one) => one.key !== key));
      } catch (error) {
        const code = isApiError(error) && error.status > 0 && error.status < 500 ? serverKeys(error.code).find((key) => i18n.exists(key)) : undefined;
        const message = code ?? 'venues.errors.image_upload';
        setUploads((all) => all.map((one) => (one.key === key ? { ...one, error: message } : one)));
      }
    }
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2.5 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2 }}>
        <input
          ref={input}
          type="file"
          accept={VENUE_IMAGE_TYPES.join(',')}
          multiple
          hidden
          data-testid="venue-photos-input"
          onChange={(event) => {
            void upload(event.target.files);
            event.target.value = '';
          }}
        />
        <Button variant="contained" startIcon={<AddPhotoAlternateOutlinedIcon />} onClick={() => input.current?.click()} disabled={room <= 0}>
          {t('venues.photos.add')}
        </Button>
        <Typography variant="body2" color="text.secondary">
          {t(countKey('venues.photos.count', images.length, i18n.language), { n: images.length, max: maxImages })}
        </Typography>
      </Box>
      {room <= 0 && <Alert severity="info">{t('venues.errors.image_limit', { max: maxImages })}</Alert>}
      {uploads.length > 0 && (
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexDirection: 'column', gap: 1 }} aria-label={t('venues.photos.uploads')}>
          {uploads.map((one) => (
            <Box component="li" key={one.key} data-testid="venue-upload">
              {one.error ? (
                <Alert severity="error" onClose={() => setUploads((all) => all.filter((u) => u.key !== one.key))}>
                  {t('venues.images.fileError', { name: one.name, message: t(one.error, { max: maxImages }) })}
                </Alert>
              ) : (
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
                  <Typography variant="body2" sx={{ minWidth: 0, flexShrink: 1, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', maxWidth: '50%' }}>
                    {one.name}
                  </Typography>
                  <LinearProgress variant="determinate" value={one.sent * 100} sx={{ flexGrow: 1 }} aria-label={t('venues.images.progress', { name: one.name })} />
                </Box>
              )}
            </Box>
          ))}
        </Box>
      )}
      {images.length === 0 ? (
        <Typography color="text.secondary">{t('venues.photos.none')}</Typography>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: '1fr 1fr 1fr' } }}>
          {images.map((image, index) => (
            <Card component="li" key={image.id} variant="outlined" data-testid="venue-photo" sx={{ display: 'flex', flexDirection: 'column' }}>
              <Box sx={{ position: 'relative', aspectRatio: '3 / 2', bgcolor: 'action.hover' }}>
                <Box component="img" src={image.thumbnailUrl} alt={image.alt || image.title || t('venues.photos.photoAlt', { index: index + 1 })} loading="lazy" sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'cover', opacity: image.isVisible ? 1 : 0.5 }} />
                {image.isKeyImage && <Chip size="small" color="primary" icon={<StarIcon />} label={t('venues.images.keyImage')} sx={{ position: 'absolute', top: 8, left: 8 }} />}
              </Box>
              <Box sx={{ p: 1.5, display: 'flex', flexDirection: 'column', gap: 1, flexGrow: 1 }}>
                {(image.title || image.caption) && (
                  <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                    {image.title || image.caption}
                  </Typography>
                )}
                <FormControlLabel
                  control={<Switch checked={image.isVisible} onChange={(event) => patch.mutate({ image, body: { isVisible: event.target.checked } })} disabled={patch.isPending} />}
                  label={image.isVisible ? t('venues.photos.visible') : t('venues.photos.hidden')}
                />
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, mt: 'auto' }}>
                  <Tooltip title={t('venues.photos.moveBefore')}>
                    <span>
                      <IconButton aria-label={t('venues.photos.moveBeforeNamed', { index: index + 1 })} disabled={index === 0 || patch.isPending} onClick={() => patch.mutate({ image, body: { position: index - 1 } })}>
                        <ArrowBackIosNewRoundedIcon fontSize="small" />
                      </IconButton>
                    </span>
                  </Tooltip>
                  <Tooltip title={t('venues.photos.moveAfter')}>
                    <span>
                      <IconButton aria-label={t('venues.photos.moveAfterNamed', { index: index + 1 })} disabled={index === images.length - 1 || patch.isPending} onClick={() => patch.mutate({ image, body: { position: index + 1 } })}>
                        <ArrowForwardIosRoundedIcon fontSize="small" />
                      </IconButton>
                    </span>
                  </Tooltip>
                  <Box sx={{ flexGrow: 1 }} />
                  <Tooltip title={image.isKeyImage ? t('venues.images.keyImage') : t('venues.photos.makeKey')}>
                    <span>
                      <IconButton aria-label={t('venues.photos.makeKeyNamed', { index: index + 1 })} aria-pressed={image.isKeyImage} disabled={image.isKeyImage || patch.isPending} onClick={() => patch.mutate({ image, body: { isKeyImage: true } })}>
                        {image.isKeyImage ? <StarIcon color="primary" /> : <StarBorderIcon />}
                      </IconButton>
                    </span>
                  </Tooltip>
                  <Tooltip title={t('venues.photos.edit')}>
                    <IconButton aria-label={t('venues.photos.editNamed', { index: index + 1 })} onClick={() => setEditing(image)}>
                      <EditOutlinedIcon />
                    </IconButton>
                  </Tooltip>
                  <Tooltip title={t('venues.photos.delete')}>
                    <IconButton aria-label={t('venues.photos.deleteNamed', { index: index + 1 })} color="error" onClick={() => setDeleting(image)}>
                      <DeleteOutlineIcon />
                    </IconButton>
                  </Tooltip>
                </Box>
              </Box>
            </Card>
          ))}
        </Box>
      )}
      {editing && <MetadataDialog image={editing} onClose={() => setEditing(null)} onSave={async (body) => {
            await saveMetadata.mutateAsync({ image: editing, body });
          }} />}
      <ConfirmDialog
        open={deleting !== null}
        title={t('venues.photos.deleteTitle')}
        confirmLabel={t('venues.photos.delete')}
        color="error"
        pending={remove.isPending}
        error={remove.error}
        errorFallbackKey="venues.errors.image_delete"
        onConfirm={() => deleting && remove.mutate(deleting)}
        onClose={() => {
          setDeleting(null);
          remove.reset();
        }}
      >
        <Typography>{t('venues.photos.deleteText')}</Typography>
      </ConfirmDialog>
    </Box>
  );
}
