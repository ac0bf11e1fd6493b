import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Slider from '@mui/material/Slider';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import Cropper, { type Area, type MediaSize } from 'react-easy-crop';
import { useTranslation } from 'react-i18next';
import { maxZoomFor, type PixelArea } from '@/features/photos/components/crop-image';
import { IMAGE_MIN_SIDE } from '@/features/photos/components/image-checks';

/** The frames a gallery photo may take; the profile picture is always square. */
export const ASPECTS = [
  { id: 'landscape', value: 3 / 2 },
  { id: 'square', value: 1 },
  { id: 'portrait', value: 2 / 3 },
] as const;
export type AspectId = (typeof ASPECTS)[number]['id'];

interface CropAreaProps {
  src: string;
  /** Fixed frame (the profile picture); without it the user picks one of ASPECTS. */
  aspect?: number;
  round?: boolean;
  /** The chosen area in the image's pixels, and whether it is large enough. */
  onChange: (area: PixelArea, largeEnough: boolean) => void;
}

/** The crop step: drag to frame, zoom with the slider or the wheel, arrow keys move the image. */
export function CropArea({ src, aspect, round = false, onChange }: CropAreaProps) {
  const { t } = useTranslation();
  const zoomLabel = useId();
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [aspectId, setAspectId] = useState<AspectId>('landscape');
  const [media, setMedia] = useState<MediaSize | null>(null);
  const [tooSmall, setTooSmall] = useState(false);
  const ratio = aspect ?? ASPECTS.find((a) => a.id === aspectId)!.value;
  const maxZoom = media ? Math.min(4, maxZoomFor(media.naturalWidth, media.naturalHeight, ratio, IMAGE_MIN_SIDE)) : 1;

  const complete = (_: Area, pixels: Area) => {
    const small = pixels.width < IMAGE_MIN_SIDE || pixels.height < IMAGE_MIN_SIDE;
    setTooSmall(small);
    onChange(pixels, !small);
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      {aspect === undefined && (
        <ToggleButtonGroup
          exclusive
          size="small"
          value={aspectId}
          onChange={(_, value: AspectId | null) => {
            if (!value) return;
            setAspectId(value);
            setZoom(1);
          }}
          aria-label={t('photos.crop.frame')}
        >
          {ASPECTS.map((a) => (
            <ToggleButton key={a.id} value={a.id}>
              {t(`photos.crop.aspect.${a.id}`)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      )}
      <Box sx={{ position: 'relative', width: '100%', height: { xs: 260, sm: 340 }, bgcolor: 'grey.900', borderRadius: 1, overflow: 'hidden' }}>
        <Cropper
          image={src}
          crop={crop}
          zoom={zoom}
          aspect={ratio}
          maxZoom={maxZoom}
          cropShape={round ? 'round' : 'rect'}
          showGrid={!round}
          onCropChange={setCrop}
          onZoomChange={setZoom}
          onCropComplete={complete}
          onMediaLoaded={setMedia}
          cropperProps={{ role: 'group', 'aria-label': t('photos.crop.area') }}
          mediaProps={{ alt: '' } as React.ImgHTMLAttributes<HTMLElement>}
        />
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, px: 1 }}>
        <Typography id={zoomLabel} variant="body2" sx={{ flexShrink: 0 }}>
          {t('photos.crop.zoom')}
        </Typography>
        <Slider
          value={zoom}
          min={1}
          max={maxZoom}
          step={0.01}
          disabled={maxZoom <= 1}
          onChange={(_, value) => setZoom(value as number)}
          aria-labelledby={zoomLabel}
          getAriaValueText={(value) => `${Math.round(value * 100)} %`}
        />
      </Box>
      <Typography variant="body2" color="text.secondary">
        {t('photos.crop.hint')}
      </Typography>
      {tooSmall && (
        <Alert severity="warning" data-testid="crop-too-small">
          {t('photos.upload.error.too_small')}
        </Alert>
      )}
    </Box>
  );
}
