import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
} from '@dnd-kit/core';
import { arrayMove, rectSortingStrategy, SortableContext, sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import AddPhotoAlternateIcon from '@mui/icons-material/AddPhotoAlternateOutlined';
import InsightsIcon from '@mui/icons-material/InsightsOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useDeleteImage } from '@/features/photos/api/delete-image';
import { useImages, type GalleryImage } from '@/features/photos/api/get-images';
import { useReorderImages } from '@/features/photos/api/reorder-images';
import { useSetImageVisibility } from '@/features/photos/api/set-image-visibility';
import type { PixelArea } from '@/features/photos/components/crop-image';
import { EditPhotoDialog } from '@/features/photos/components/edit-photo-dialog';
import { checkImage, IMAGE_TYPES, type ImageSize } from '@/features/photos/components/image-checks';
import { PhotoCard } from '@/features/photos/components/photo-card';
import { PhotoStepDialog, type PreparedPhoto } from '@/features/photos/components/photo-step-dialog';
import { UploadList } from '@/features/photos/components/upload-list';
import { useUploadQueue } from '@/features/photos/hooks/use-upload-queue';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { SectionCard } from '@/components/ui/section-card';
import { useNotify } from '@/components/ui/snackbar-provider';
import { visuallyHidden } from '@/components/ui/visually-hidden';
import { describeError } from '@/lib/api-error';
import { intlLocale } from '@/lib/locales';

/** A message with its button beside it, or below it on a phone, so the text keeps the width. */
const stackedAction = {
  display: 'flex',
  flexDirection: { xs: 'column', sm: 'row' },
  alignItems: { xs: 'flex-start', sm: 'center' },
  justifyContent: 'space-between',
  gap: 1,
} as const;

interface GalleryCardProps {
  /** Injected by tests: happy-dom cannot decode images nor draw on a canvas. */
  readSize?: (file: Blob) => Promise<ImageSize | null>;
  crop?: (src: string, area: PixelArea) => Promise<Blob>;
}

/** The gallery: add several photos (each framed and described before it is sent), reorder, show or hide, edit, delete. */
export function GalleryCard({ readSize, crop }: GalleryCardProps) {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const gallery = useImages();
  const uploads = useUploadQueue();
  const [pending, setPending] = useState<File[]>([]);
  const [stepIndex, setStepIndex] = useState(0);
  const [stepTotal, setStepTotal] = useState(0);
  const [editing, setEditing] = useState<GalleryImage | null>(null);
  const [deleting, setDeleting] = useState<GalleryImage | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));

  const visibility = useSetImageVisibility({
    onSuccess: (visible) => notify(t(visible ? 'photos.card.shown' : 'photos.card.hiddenNotice')),
    onError: (failure) => notify(describeError(failure, t, 'photos.visibility.error'), 'error'),
  });

  const order = useReorderImages({ onError: (failure) => notify(describeError(failure, t, 'photos.reorder.error'), 'error') });

  const remove = useDeleteImage({
    onSuccess: () => {
      setDeleting(null);
      notify(t('photos.delete.done'));
    },
  });

  if (gallery.isPending) {
    return (
      <SectionCard title={t('photos.gallery.title')}>
        <Skeleton variant="rounded" height={160} aria-label={t('photos.gallery.loading')} />
      </SectionCard>
    );
  }
  if (gallery.isError) {
    return (
      <SectionCard title={t('photos.gallery.title')}>
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void gallery.refetch()}>
              {t('photos.gallery.retry')}
            </Button>
          }
        >
          {describeError(gallery.error, t, 'photos.gallery.loadError')}
        </Alert>
      </SectionCard>
    );
  }

  const data = gallery.data;
  const { images, isPremium, freePlanQuota } = data;
  // Photos on their way count against the quota too.
  const room = isPremium ? Infinity : Math.max(0, freePlanQuota - images.length - uploads.sending - pending.length);
  const atQuota = !isPremium && images.length >= freePlanQuota;
  const number = new Intl.NumberFormat(intlLocale(i18n.language));

  const onFiles = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const files = Array.from(input.files ?? []);
    input.value = '';
    const accepted: File[] = [];
    let left = room;
    for (const file of files) {
      if (left <= 0) {
        uploads.fail(file.name, t('photos.upload.error.quota_reached', { quota: freePlanQuota }));
        continue;
      }
      const checked = await checkImage(file, readSize);
      if ('problem' in checked) {
        uploads.fail(file.name, t(`photos.upload.error.${checked.problem}`));
        continue;
      }
      accepted.push(file);
      left -= 1;
    }
    if (accepted.length === 0) return;
    setPending((list) => {
      const next = [...list, ...accepted];
      if (list.length === 0) {
        setStepIndex(1);
        setStepTotal(next.length);
      } else {
        setStepTotal((total) => total + accepted.length);
      }
      return next;
    });
  };

  const nextStep = () => {
    setPending((list) => {
      const rest = list.slice(1);
      if (rest.length === 0) {
        setStepIndex(0);
        setStepTotal(0);
      } else {
        setStepIndex((i) => i + 1);
      }
      return rest;
    });
  };

  const sendPhoto = (photo: PreparedPhoto) => {
    void uploads.send({ file: photo.blob, fileName: photo.fileName, title: photo.title, description: photo.description });
    nextStep();
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = images.findIndex((im) => im.id === active.id);
    const to = images.findIndex((im) => im.id === over.id);
    if (from < 0 || to < 0) return;
    order.mutate(arrayMove(images, from, to).map((im) => im.id));
  };

  const titleOf = (id: string | number) => images.find((im) => im.id === id)?.title ?? '';
  const placeOf = (id: string | number) => images.findIndex((im) => im.id === id) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => t('photos.dnd.start', { title: titleOf(active.id), position: placeOf(active.id), total: images.length }),
    onDragOver: ({ active, over }) => (over ? t('photos.dnd.over', { title: titleOf(active.id), position: placeOf(over.id), total: images.length }) : undefined),
    onDragEnd: ({ active, over }) => (over ? t('photos.dnd.end', { title: titleOf(active.id), position: placeOf(over.id), total: images.length }) : t('photos.dnd.cancel', { title: titleOf(active.id) })),
    onDragCancel: ({ active }) => t('photos.dnd.cancel', { title: titleOf(active.id) }),
  };

  return (
    <SectionCard title={t('photos.gallery.title')} description={t('photos.gallery.rules')} data-testid="gallery-card">
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 2 }}>
          {isPremium ? (
            <Typography color="text.secondary" data-testid="photo-count">
              {t('photos.gallery.count', { formatted: number.format(images.length) })}
            </Typography>
          ) : (
            <Box sx={{ flex: '1 1 220px', maxWidth: 360 }} data-testid="photo-quota">
              <Typography variant="body2" sx={{ mb: 0.5 }}>
                {t('photos.gallery.quota', { used: images.length, quota: freePlanQuota })}
              </Typography>
              <LinearProgress
                variant="determinate"
                value={Math.min(100, (images.length / freePlanQuota) * 100)}
                color={atQuota ? 'warning' : 'primary'}
                aria-label={t('photos.gallery.quota', { used: images.length, quota: freePlanQuota })}
              />
            </Box>
          )}
          {!atQuota && (
            <Button variant="contained" startIcon={<AddPhotoAlternateIcon />} onClick={() => fileInput.current?.click()} disabled={room <= 0}>
              {t('photos.gallery.add')}
            </Button>
          )}
          {/* Opened by the button above; hidden from the keyboard and screen readers. */}
          <Box
            component="input"
            ref={fileInput}
            type="file"
            multiple
            accept={IMAGE_TYPES.join(',')}
            tabIndex={-1}
            aria-hidden="true"
            onChange={(event: ChangeEvent<HTMLInputElement>) => void onFiles(event)}
            sx={visuallyHidden}
            data-testid="gallery-input"
          />
        </Box>

        {atQuota && (
          <Alert severity="info" data-testid="quota-reached" sx={{ '& .MuiAlert-message': { flexGrow: 1 } }}>
            <Box sx={stackedAction}>
              <span>{t('photos.gallery.quotaReached', { quota: freePlanQuota })}</span>
              <Button component={RouterLink} to="/subscription" variant="outlined" color="inherit" size="small" sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}>
                {t('photos.gallery.upgrade')}
              </Button>
            </Box>
          </Alert>
        )}

        <UploadList items={uploads.items} onDismiss={uploads.dismiss} />

        {images.length === 0 ? (
          <Box sx={{ textAlign: 'center', py: 4, px: 2, border: 1, borderStyle: 'dashed', borderColor: 'divider', borderRadius: 2 }} data-testid="gallery-empty">
            <AddPhotoAlternateIcon sx={{ fontSize: 40, color: 'text.secondary' }} aria-hidden="true" />
            <Typography sx={{ fontWeight: 600, mt: 1 }}>{t('photos.gallery.emptyTitle')}</Typography>
            <Typography variant="body2" color="text.secondary">
              {t('photos.gallery.emptyBody')}
            </Typography>
          </Box>
        ) : (
          <>
            {images.length > 1 && (
              <Typography variant="body2" color="text.secondary">
                {t('photos.gallery.reorderHint')}
              </Typography>
            )}
            <DndContext
              sensors={sensors}
              collisionDetection={closestCenter}
              onDragEnd={onDragEnd}
              accessibility={{ announcements, screenReaderInstructions: { draggable: t('photos.dnd.instructions') } }}
            >
              <SortableContext items={images.map((im) => im.id)} strategy={rectSortingStrategy}>
                <Box
                  component="ul"
                  aria-label={t('photos.gallery.listLabel')}
                  sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 230px), 1fr))' }}
                  data-testid="gallery-grid"
                >
                  {images.map((image, i) => (
                    <PhotoCard
                      key={image.id}
                      image={image}
                      position={i + 1}
                      togglePending={visibility.isPending && visibility.variables?.id === image.id}
                      onToggleVisible={(visible) => visibility.mutate({ id: image.id, visible })}
                      onEdit={() => setEditing(image)}
                      onDelete={() => setDeleting(image)}
                    />
                  ))}
                </Box>
              </SortableContext>
            </DndContext>
          </>
        )}

        {!isPremium && images.length > 0 && (
          <Alert icon={<InsightsIcon />} severity="success" variant="outlined" data-testid="views-teaser" sx={{ '& .MuiAlert-message': { flexGrow: 1 } }}>
            <Box sx={stackedAction}>
              <span>{t('photos.teaser.body')}</span>
              <Button component={RouterLink} to="/subscription" color="inherit" size="small" sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}>
                {t('photos.teaser.cta')}
              </Button>
            </Box>
          </Alert>
        )}
      </Box>

      {pending[0] && (
        <PhotoStepDialog
          key={`${pending[0].name}-${stepIndex}`}
          file={pending[0]}
          index={stepIndex}
          total={stepTotal}
          crop={crop}
          onSend={sendPhoto}
          onSkip={nextStep}
          onCancelAll={() => {
            setPending([]);
            setStepIndex(0);
            setStepTotal(0);
          }}
        />
      )}
      {editing && <EditPhotoDialog image={editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={deleting !== null}
        title={t('photos.delete.title')}
        confirmLabel={t('photos.delete.confirm')}
        color="error"
        pending={remove.isPending}
        error={remove.error}
        errorFallbackKey="photos.delete.error"
        onConfirm={() => deleting && remove.mutate(deleting.id)}
        onClose={() => {
          setDeleting(null);
          remove.reset();
        }}
      >
        <Typography sx={{ overflowWrap: 'anywhere' }}>{t('photos.delete.body', { title: deleting?.title ?? '' })}</Typography>
      </ConfirmDialog>
    </SectionCard>
  );
}
