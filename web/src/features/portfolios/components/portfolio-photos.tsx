import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import { arrayMove, rectSortingStrategy, SortableContext, sortableKeyboardCoordinates, useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import AddPhotoAlternateOutlinedIcon from '@mui/icons-material/AddPhotoAlternateOutlined';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import StarIcon from '@mui/icons-material/Star';
import StarBorderIcon from '@mui/icons-material/StarBorder';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Portfolio, PortfolioImage } from '@/features/portfolios/api/get-portfolio';
import type { PortfolioList } from '@/features/portfolios/api/list-portfolios';
import { useRemoveImage } from '@/features/portfolios/api/remove-image';
import { useReorderImages } from '@/features/portfolios/api/reorder-images';
import { useSetKeyImage } from '@/features/portfolios/api/set-key-image';
import { useRefreshPortfolio, useUploadImages, type FileRefusal } from '@/features/portfolios/api/upload-images';
import { CaptionField } from '@/features/portfolios/components/caption-field';
import { formatMegabytes } from '@/features/portfolios/format';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useNotify } from '@/components/ui/snackbar-provider';
import { describeError } from '@/lib/api-error';
import { intlLocale } from '@/lib/locales';

/** The formats a portfolio photo may have (DECISIONS.md): the picker offers them, the server checks the bytes. */
export const ACCEPTED_TYPES = ['image/jpeg', 'image/png', 'image/webp'];

export type Limits = Pick<PortfolioList, 'maxImageBytes' | 'maxImages' | 'maxFilesPerUpload' | 'minImageSide'>;

interface TileProps {
  portfolio: Portfolio;
  image: PortfolioImage;
  index: number;
  busy: boolean;
  onKey: () => void;
  onRemove: () => void;
}

function PhotoTile({ portfolio, image, index, busy, onKey, onRemove }: TileProps) {
  const { t } = useTranslation();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: image.id, disabled: busy });
  const number = index + 1;
  return (
    <Card
      ref={setNodeRef}
      component="li"
      variant="outlined"
      data-testid="portfolio-photo"
      sx={{
        listStyle: 'none',
        display: 'flex',
        flexDirection: 'column',
        transform: CSS.Transform.toString(transform),
        transition,
        zIndex: isDragging ? 2 : undefined,
        boxShadow: isDragging ? 6 : undefined,
        borderColor: image.isKeyImage ? 'primary.main' : undefined,
        borderWidth: image.isKeyImage ? 2 : 1,
      }}
    >
      <Box sx={{ position: 'relative', aspectRatio: '4 / 3', bgcolor: 'action.hover', overflow: 'hidden', borderRadius: '4px 4px 0 0' }}>
        <Box component="img" src={image.thumbUrl} alt={image.caption || t('portfolios.photos.alt', { number })} sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'cover', display: 'block' }} />
        {image.isKeyImage && (
          <Chip icon={<StarIcon />} label={t('portfolios.photos.keyImage')} size="small" color="primary" sx={{ position: 'absolute', top: 8, left: 8, fontWeight: 600 }} />
        )}
        <Box sx={{ position: 'absolute', top: 6, right: 6, display: 'flex', gap: 0.5 }}>
          <Tooltip title={t('portfolios.photos.dragHint')}>
            <IconButton
              ref={setActivatorNodeRef}
              {...attributes}
              {...listeners}
              aria-label={t('portfolios.photos.move', { number })}
              size="small"
              sx={{ bgcolor: 'background.paper', cursor: 'grab', touchAction: 'none', '&:hover': { bgcolor: 'background.paper' } }}
              data-testid="photo-drag"
            >
              <DragIndicatorIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        </Box>
      </Box>
      <Box sx={{ p: 1.5, display: 'flex', flexDirection: 'column', gap: 1, flexGrow: 1 }}>
        <CaptionField portfolioId={portfolio.id} imageId={image.id} initial={image.caption} label={t('portfolios.photos.caption', { number })} />
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}>
          <Button
            size="small"
            startIcon={image.isKeyImage ? <StarIcon /> : <StarBorderIcon />}
            onClick={onKey}
            disabled={busy || image.isKeyImage}
            aria-pressed={image.isKeyImage}
            aria-label={image.isKeyImage ? t('portfolios.photos.isKey', { number }) : t('portfolios.photos.makeKey', { number })}
            data-testid="photo-key"
            sx={{ textTransform: 'none' }}
          >
            {image.isKeyImage ? t('portfolios.photos.keyImage') : t('portfolios.photos.setKey')}
          </Button>
          <Tooltip title={t('portfolios.photos.remove')}>
            <span>
              <IconButton onClick={onRemove} disabled={busy} color="error" aria-label={t('portfolios.photos.removeNumber', { number })} size="small" data-testid="photo-remove">
                <DeleteOutlineIcon fontSize="small" />
              </IconButton>
            </span>
          </Tooltip>
        </Box>
      </Box>
    </Card>
  );
}

/** Files refused before sending: the wrong format or too large, with the server's limit. */
function precheck(files: File[], limits: Limits, t: (key: string, options?: Record<string, string>) => string, locale: string) {
  const good: File[] = [];
  const refused: FileRefusal[] = [];
  for (const file of files) {
    if (!ACCEPTED_TYPES.includes(file.type)) refused.push({ file: file.name, error: 'invalid_image', message: t('portfolios.errors.invalid_image') });
    else if (file.size > limits.maxImageBytes) refused.push({ file: file.name, error: 'image_too_large', message: t('portfolios.errors.image_too_large', { size: formatMegabytes(limits.maxImageBytes, locale) }) });
    else good.push(file);
  }
  return { good, refused };
}

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * The portfolio's photos: several added at once with a progress bar and the
 * refusals per file, captions saved as they are typed, one key image, the
 * order changed by dragging (or with the keyboard), removal confirmed.
 */
export function PortfolioPhotos({ portfolio, limits }: { portfolio: Portfolio; limits: Limits }) {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const [progress, setProgress] = useState<number | null>(null);
  const [refusals, setRefusals] = useState<FileRefusal[]>([]);
  const [toRemove, setToRemove] = useState<PortfolioImage | null>(null);
  const images = portfolio.images;
  const room = Math.max(0, limits.maxImages - images.length);

  const uploadBatch = useUploadImages(portfolio.id);
  const refresh = useRefreshPortfolio(portfolio.id);

  const upload = async (picked: File[]) => {
    const { good, refused } = precheck(picked, limits, t, i18n.language);
    const kept = good.slice(0, room);
    const over = good.slice(room).map((file) => ({ file: file.name, error: 'image_limit', message: t('portfolios.errors.image_limit', { max: String(limits.maxImages) }) }));
    setRefusals([...refused, ...over]);
    if (kept.length === 0) return;
    const total = kept.reduce((sum, file) => sum + file.size, 0);
    let sent = 0;
    setProgress(0);
    let added = 0;
    try {
      for (const batch of chunks(kept, limits.maxFilesPerUpload)) {
        const size = batch.reduce((sum, file) => sum + file.size, 0);
        const reply = await uploadBatch.mutateAsync({
          files: batch,
          onProgress: ({ loaded, total: batchTotal }) => {
            setProgress(Math.min(100, Math.round(((sent + (loaded / batchTotal) * size) / total) * 100)));
          },
        });
        sent += size;
        added += reply.images.length;
        if (reply.errors.length > 0) setRefusals((list) => [...list, ...reply.errors]);
      }
      if (added > 0) notify(t('portfolios.photos.added', { photos: String(added) }), 'success');
    } catch (error) {
      notify(describeError(error, (key) => t(key), 'portfolios.errors.image_upload'), 'error');
    } finally {
      setProgress(null);
      await refresh();
    }
  };

  const makeKey = useSetKeyImage(portfolio.id, {
    onError: (error) => notify(describeError(error, (key) => t(key), 'portfolios.errors.key_image'), 'error'),
  });
  const remove = useRemoveImage(portfolio.id, {
    onSuccess: () => {
      setToRemove(null);
      notify(t('portfolios.photos.removed'), 'success');
    },
  });
  const reorder = useReorderImages(portfolio.id, {
    onError: (error) => {
      notify(describeError(error, (key) => t(key), 'portfolios.errors.reorder'), 'error');
    },
  });

  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 6 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const ids = images.map((image) => image.id);
    const from = ids.indexOf(String(active.id));
    const to = ids.indexOf(String(over.id));
    if (from < 0 || to < 0) return;
    reorder.mutate(arrayMove(ids, from, to));
  };
  const position = (id: string | number) => images.findIndex((image) => image.id === id) + 1;
  const uploading = progress !== null;
  const busy = uploading || reorder.isPending || makeKey.isPending;

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 1.5 }}>
        <Typography id={hintId} variant="body2" color="text.secondary" sx={{ maxWidth: 560 }}>
          {t('portfolios.photos.hint', {
            size: formatMegabytes(limits.maxImageBytes, i18n.language),
            side: String(limits.minImageSide),
            max: String(limits.maxImages),
          })}
        </Typography>
        <Button
          variant="contained"
          startIcon={<AddPhotoAlternateOutlinedIcon />}
          onClick={() => input.current?.click()}
          disabled={uploading || room === 0}
          aria-describedby={hintId}
          data-testid="add-photos"
        >
          {t('portfolios.photos.add')}
        </Button>
        <input
          ref={input}
          type="file"
          accept={ACCEPTED_TYPES.join(',')}
          multiple
          hidden
          aria-label={t('portfolios.photos.add')}
          data-testid="photo-input"
          onChange={(event) => {
            const files = Array.from(event.target.files ?? []);
            event.target.value = '';
            if (files.length > 0) void upload(files);
          }}
        />
      </Box>
      {uploading && (
        <Box data-testid="upload-progress">
          <Typography variant="body2" sx={{ mb: 0.5 }} aria-live="polite">
            {t('portfolios.photos.sending', { percent: new Intl.NumberFormat(intlLocale(i18n.language), { style: 'percent' }).format(progress / 100) })}
          </Typography>
          <LinearProgress variant="determinate" value={progress} aria-label={t('portfolios.photos.progress')} />
        </Box>
      )}
      {refusals.length > 0 && (
        <Alert severity="warning" onClose={() => setRefusals([])} data-testid="upload-refusals">
          <AlertTitle>{t('portfolios.photos.refused')}</AlertTitle>
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {refusals.map((refusal, index) => (
              <li key={`${refusal.file}-${index}`}>
                <Box component="strong" sx={{ overflowWrap: 'anywhere' }}>
                  {refusal.file}
                </Box>
                {` : ${refusal.message}`}
              </li>
            ))}
          </Box>
        </Alert>
      )}
      {images.length === 0 && !uploading && (
        <Box sx={{ border: 2, borderStyle: 'dashed', borderColor: 'divider', borderRadius: 2, p: 4, textAlign: 'center', color: 'text.secondary' }}>
          <AddPhotoAlternateOutlinedIcon sx={{ fontSize: 48 }} aria-hidden="true" />
          <Typography>{t('portfolios.photos.empty')}</Typography>
        </Box>
      )}
      {images.length > 1 && (
        <Typography variant="body2" color="text.secondary">
          {t('portfolios.photos.reorderHint')}
        </Typography>
      )}
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={onDragEnd}
        accessibility={{
          screenReaderInstructions: { draggable: t('portfolios.photos.dndInstructions') },
          announcements: {
            onDragStart: ({ active }) => t('portfolios.photos.dndPicked', { number: String(position(active.id)) }),
            onDragOver: ({ active, over }) => (over ? t('portfolios.photos.dndOver', { number: String(position(active.id)), position: String(position(over.id)) }) : undefined),
            onDragEnd: ({ active, over }) => (over ? t('portfolios.photos.dndDropped', { number: String(position(active.id)), position: String(position(over.id)) }) : undefined),
            onDragCancel: ({ active }) => t('portfolios.photos.dndCancelled', { number: String(position(active.id)) }),
          },
        }}
      >
        <SortableContext items={images.map((image) => image.id)} strategy={rectSortingStrategy}>
          <Box component="ol" aria-label={t('portfolios.photos.listLabel')} sx={{ m: 0, p: 0, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' }, gap: 2 }}>
            {images.map((image, index) => (
              <PhotoTile
                key={image.id}
                portfolio={portfolio}
                image={image}
                index={index}
                busy={busy}
                onKey={() => makeKey.mutate(image.id)}
                onRemove={() => setToRemove(image)}
              />
            ))}
          </Box>
        </SortableContext>
      </DndContext>
      <ConfirmDialog
        open={toRemove !== null}
        title={t('portfolios.photos.removeTitle')}
        confirmLabel={t('portfolios.photos.remove')}
        color="error"
        pending={remove.isPending}
        error={remove.error}
        errorFallbackKey="portfolios.errors.image_delete"
        onConfirm={() => toRemove && remove.mutate(toRemove.id)}
        onClose={() => {
          setToRemove(null);
          remove.reset();
        }}
      >
        <Typography>{toRemove?.isKeyImage && images.length > 1 ? t('portfolios.photos.removeKeyText') : t('portfolios.photos.removeText')}</Typography>
      </ConfirmDialog>
    </Box>
  );
}
