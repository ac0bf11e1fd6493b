import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { videoDescriptionRule, videoLinkRule, videoTitleRule, type VideoValues } from '@/features/venues/venue-form';
import { HOST_NAMES, parseVideoLink, VIDEO_DESCRIPTION_MAX, VIDEO_TITLE_MAX } from '@/lib/video-link';

interface VideosEditorProps {
  videos: VideoValues[];
  onChange: (videos: VideoValues[]) => void;
  /** Per video index, the server's refusal (a dictionary key). */
  errors?: Readonly<Record<number, string>>;
  disabled?: boolean;
}

/**
 * Step 5 and the videos tab: the venue's YouTube or Vimeo videos. The Add
 * button waits for a valid link and a title of at least 5 characters
 * (part 2 §5); each video has its visibility switch and can be removed.
 */
export function VideosEditor({ videos, onChange, errors = {}, disabled }: VideosEditorProps) {
  const { t } = useTranslation();
  const [link, setLink] = useState('');
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [touched, setTouched] = useState({ link: false, title: false });
  const linkError = videoLinkRule(link);
  const titleError = videoTitleRule(title);
  const descriptionError = videoDescriptionRule(description);
  const valid = !linkError && !titleError && !descriptionError;

  const add = () => {
    if (!valid) return;
    onChange([...videos, { link: link.trim(), title: title.trim(), description: description.trim(), status: true }]);
    setLink('');
    setTitle('');
    setDescription('');
    setTouched({ link: false, title: false });
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 2.5 }, display: 'flex', flexDirection: 'column', gap: 2 }}>
        <Typography variant="h3" sx={{ fontSize: '1rem', fontWeight: 700 }}>
          {t('venues.videos.addTitle')}
        </Typography>
        <TextField
          label={t('venues.videos.link')}
          placeholder="https://www.youtube.com/watch?v=…"
          value={link}
          onChange={(event) => setLink(event.target.value)}
          onBlur={() => {
            setLink(link.trim());
            setTouched((was) => ({ ...was, link: true }));
          }}
          error={touched.link && Boolean(linkError)}
          helperText={touched.link && linkError ? t(linkError) : t('venues.videos.linkHint')}
          disabled={disabled}
          slotProps={{ htmlInput: { 'data-testid': 'venue-video-link', inputMode: 'url' } }}
        />
        <TextField
          label={t('venues.videos.title')}
          value={title}
          onChange={(event) => setTitle(event.target.value)}
          onBlur={() => {
            setTitle(title.trim());
            setTouched((was) => ({ ...was, title: true }));
          }}
          error={touched.title && Boolean(titleError)}
          helperText={touched.title && titleError ? t(titleError) : t('venues.videos.titleHint')}
          disabled={disabled}
          slotProps={{ htmlInput: { maxLength: VIDEO_TITLE_MAX + 20, 'data-testid': 'venue-video-title' } }}
        />
        <TextField
          label={t('venues.videos.description')}
          value={description}
          onChange={(event) => setDescription(event.target.value)}
          onBlur={() => setDescription(description.trim())}
          error={Boolean(descriptionError)}
          helperText={descriptionError ? t(descriptionError) : t('venues.form.optional')}
          multiline
          minRows={2}
          disabled={disabled}
          slotProps={{ htmlInput: { maxLength: VIDEO_DESCRIPTION_MAX + 20 } }}
        />
        <Box>
          <Button variant="contained" startIcon={<AddIcon />} onClick={add} disabled={disabled || !valid} data-testid="venue-video-add">
            {t('venues.videos.add')}
          </Button>
        </Box>
      </Paper>
      {videos.length === 0 ? (
        <Typography color="text.secondary">{t('venues.videos.none')}</Typography>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexDirection: 'column', gap: 1.5 }}>
          {videos.map((video, index) => {
            const parsed = parseVideoLink(video.link);
            const error = errors[index];
            return (
              <Paper component="li" key={video.id ?? `${video.link}-${index}`} variant="outlined" sx={{ p: 2, display: 'flex', flexDirection: 'column', gap: 1 }} data-testid="venue-video">
                <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
                  <Box sx={{ flexGrow: 1, minWidth: 0 }}>
                    <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{video.title}</Typography>
                    <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                      {parsed ? `${HOST_NAMES[parsed.host]} · ${video.link}` : video.link}
                    </Typography>
                  </Box>
                  <IconButton aria-label={t('venues.videos.remove', { title: video.title })} onClick={() => onChange(videos.filter((_, i) => i !== index))} disabled={disabled} color="error">
                    <DeleteOutlineIcon />
                  </IconButton>
                </Box>
                <FormControlLabel
                  control={
                    <Switch
                      checked={video.status}
                      onChange={(event) => onChange(videos.map((v, i) => (i === index ? { ...v, status: event.target.checked } : v)))}
                      disabled={disabled}
                    />
                  }
                  label={video.status ? t('venues.videos.visible') : t('venues.videos.hidden')}
                />
                {error && <Alert severity="error">{t(error)}</Alert>}
              </Paper>
            );
          })}
        </Box>
      )}
    </Box>
  );
}
