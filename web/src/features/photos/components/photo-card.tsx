import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Switch from '@mui/material/Switch';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { GalleryImage } from '@/features/photos/api/get-images';
import { intlLocale } from '@/lib/locales';

interface PhotoCardProps {
  image: GalleryImage;
  /** Its place in the gallery, 1-based, read out with the move handle. */
  position: number;
  onToggleVisible: (visible: boolean) => void;
  onEdit: () => void;
  onDelete: () => void;
  togglePending: boolean;
}

/** One gallery photo: drag handle (mouse, touch or keyboard), visibility, views on premium, edit and delete. */
export function PhotoCard({ image, position, onToggleVisible, onEdit, onDelete, togglePending }: PhotoCardProps) {
  const { t, i18n } = useTranslation();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: image.id });
  return (
    <Card
      ref={setNodeRef}
      component="li"
      data-testid="gallery-photo"
      sx={{
        display: 'flex',
        flexDirection: 'column',
        position: 'relative',
        transform: CSS.Translate.toString(transform),
        transition,
        zIndex: isDragging ? 2 : undefined,
        boxShadow: isDragging ? 6 : undefined,
        opacity: image.isVisible ? 1 : 0.85,
      }}
    >
      <Box sx={{ position: 'relative', aspectRatio: '4 / 3', bgcolor: 'grey.100' }}>
        <Box
          component="img"
          src={image.thumbUrl}
          alt={image.title}
          loading="lazy"
          sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block', filter: image.isVisible ? undefined : 'grayscale(0.7)' }}
        />
        <Tooltip title={t('photos.card.move')}>
          <IconButton
            ref={setActivatorNodeRef}
            {...attributes}
            {...listeners}
            aria-label={t('photos.card.moveLabel', { title: image.title, position })}
            size="small"
            sx={{ position: 'absolute', top: 8, left: 8, bgcolor: 'background.paper', cursor: isDragging ? 'grabbing' : 'grab', touchAction: 'none', '&:hover': { bgcolor: 'background.paper' } }}
            data-testid="drag-handle"
          >
            <DragIndicatorIcon fontSize="small" />
          </IconButton>
        </Tooltip>
        {image.views !== null && (
          <Box
            sx={{ position: 'absolute', right: 8, bottom: 8, display: 'flex', alignItems: 'center', gap: 0.5, px: 1, py: 0.25, borderRadius: 1, bgcolor: 'rgba(0,0,0,0.72)', color: '#fff' }}
            data-testid="photo-views"
          >
            <VisibilityOutlinedIcon sx={{ fontSize: 16 }} aria-hidden="true" />
            <Typography variant="caption" sx={{ color: 'inherit' }}>
              {t('photos.card.views', { formatted: new Intl.NumberFormat(intlLocale(i18n.language)).format(image.views) })}
            </Typography>
          </Box>
        )}
      </Box>
      <Box sx={{ p: 1.5, display: 'flex', flexDirection: 'column', gap: 0.5, flexGrow: 1, minWidth: 0 }}>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {image.title}
        </Typography>
        <Typography
          variant="body2"
          color="text.secondary"
          sx={{ display: '-webkit-box', WebkitLineClamp: 3, WebkitBoxOrient: 'vertical', overflow: 'hidden', overflowWrap: 'anywhere' }}
        >
          {image.description}
        </Typography>
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', px: 1.5, pb: 1, gap: 1 }}>
        <FormControlLabel
          control={<Switch checked={image.isVisible} disabled={togglePending} onChange={(_, checked) => onToggleVisible(checked)} size="small" />}
          label={<Typography variant="body2">{image.isVisible ? t('photos.card.visible') : t('photos.card.hidden')}</Typography>}
          sx={{ mr: 0 }}
        />
        <Box sx={{ display: 'flex' }}>
          <Tooltip title={t('photos.card.edit')}>
            <IconButton onClick={onEdit} aria-label={t('photos.card.editLabel', { title: image.title })}>
              <EditOutlinedIcon />
            </IconButton>
          </Tooltip>
          <Tooltip title={t('photos.card.delete')}>
            <IconButton onClick={onDelete} aria-label={t('photos.card.deleteLabel', { title: image.title })} color="error">
              <DeleteOutlineIcon />
            </IconButton>
          </Tooltip>
        </Box>
      </Box>
    </Card>
  );
}
