import AddRoundedIcon from '@mui/icons-material/AddRounded';
import DeleteOutlineRoundedIcon from '@mui/icons-material/DeleteOutlineRounded';
import OpenInNewRoundedIcon from '@mui/icons-material/OpenInNewRounded';
import VideoLibraryOutlinedIcon from '@mui/icons-material/VideoLibraryOutlined';
import WorkspacePremiumRoundedIcon from '@mui/icons-material/WorkspacePremiumRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Switch from '@mui/material/Switch';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useNotify } from '@/components/ui/snackbar-provider';
import { useDeleteVideo } from '@/features/videos/api/delete-video';
import { useVideos, type Video } from '@/features/videos/api/get-videos';
import { useSetVideoVisibility } from '@/features/videos/api/set-video-visibility';
import { AddVideoDialog } from '@/features/videos/components/add-video-dialog';
import { VideoThumbnail } from '@/features/videos/components/video-thumbnail';
import { HOST_NAMES } from '@/lib/video-link';
import { describeError } from '@/lib/api-error';
import { useCurrentUser } from '@/lib/auth/session';
import { intlLocale } from '@/lib/locales';

/** /videos (part 2 §2): the list, the add dialog, visibility, deletion and the free quota. */
export function VideosPage() {
  const { t, i18n } = useTranslation();
  const videos = useVideos();
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<Video | null>(null);
  const remove = useDeleteVideo();
  const notify = useNotify();
  const data = videos.data;

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3, maxWidth: 1100 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start', justifyContent: 'space-between' }}>
        <Box sx={{ minWidth: 0, flex: '1 1 320px' }}>
          <Typography variant="h1" sx={{ mb: 1 }}>
            {t('videos.title')}
          </Typography>
          <Typography color="text.secondary">{t('videos.subtitle')}</Typography>
        </Box>
        {data?.canAddMore && (
          <Button variant="contained" startIcon={<AddRoundedIcon />} onClick={() => setAdding(true)}>
            {t('videos.add')}
          </Button>
        )}
      </Box>

      {videos.isPending && (
        <Box aria-busy="true" sx={gridSx}>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} variant="rounded" height={260} />
          ))}
        </Box>
      )}
      {videos.isError && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void videos.refetch()}>
              {t('common.retry')}
            </Button>
          }
        >
          {t('videos.errors.loading')}
        </Alert>
      )}

      {data && !data.canAddMore && !data.isPremium && (
        <Alert
          severity="info"
          icon={<WorkspacePremiumRoundedIcon />}
          data-testid="video-quota"
          sx={{ alignItems: { sm: 'center' }, flexDirection: { xs: 'column', sm: 'row' }, '& .MuiAlert-action': { ml: { xs: 0, sm: 'auto' }, pl: { xs: 0, sm: 2 }, mr: 0 } }}
          action={
            <Button component={RouterLink} to="/subscription" variant="contained" size="small" sx={{ whiteSpace: 'nowrap' }}>
              {t('videos.quota.action')}
            </Button>
          }
        >
          {t(new Intl.PluralRules(i18n.language).select(data.freePlanQuota) === 'one' ? 'videos.quota.reached_one' : 'videos.quota.reached_other', { n: data.freePlanQuota })}
        </Alert>
      )}

      {data && data.videos.length === 0 && (
        <Card variant="outlined" sx={{ borderStyle: 'dashed' }}>
          <CardContent sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', textAlign: 'center', gap: 1.5, py: 6 }}>
            <VideoLibraryOutlinedIcon aria-hidden="true" sx={{ fontSize: 56, color: 'primary.main' }} />
            <Typography variant="h2" sx={{ fontSize: '1.25rem' }}>
              {t('videos.empty.title')}
            </Typography>
            <Typography color="text.secondary" sx={{ maxWidth: 480 }}>
              {t('videos.empty.text')}
            </Typography>
            {data.canAddMore && (
              <Button variant="outlined" startIcon={<AddRoundedIcon />} onClick={() => setAdding(true)}>
                {t('videos.add')}
              </Button>
            )}
          </CardContent>
        </Card>
      )}

      {data && data.videos.length > 0 && (
        <Box component="ul" aria-label={t('videos.listLabel')} sx={{ ...gridSx, listStyle: 'none', p: 0, m: 0 }}>
          {data.videos.map((video) => (
            <Box component="li" key={video.id} sx={{ minWidth: 0 }}>
              <VideoCard video={video} onDelete={() => setDeleting(video)} />
            </Box>
          ))}
        </Box>
      )}

      <AddVideoDialog open={adding} onClose={() => setAdding(false)} />
      <ConfirmDialog
        open={deleting !== null}
        title={t('videos.delete.title')}
        confirmLabel={t('videos.delete.confirm')}
        color="error"
        pending={remove.isPending}
        error={remove.error ?? undefined}
        errorFallbackKey="videos.errors.deleting"
        onClose={() => {
          setDeleting(null);
          remove.reset();
        }}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              setDeleting(null);
              notify(t('videos.delete.done'), 'success');
            },
          })
        }
      >
        <Typography>{t('videos.delete.text', { title: deleting?.title ?? '' })}</Typography>
      </ConfirmDialog>
    </Box>
  );
}

const gridSx = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' },
} as const;

function VideoCard({ video, onDelete }: { video: Video; onDelete: () => void }) {
  const { t, i18n } = useTranslation();
  const notify = useNotify();
  const user = useCurrentUser();
  const visibility = useSetVideoVisibility();
  const added = new Intl.DateTimeFormat(intlLocale(i18n.language), { dateStyle: 'medium' }).format(new Date(video.createdAt));
  const publicUrl = user.publicUrl ? `${user.publicUrl.replace(/\/+$/, '')}/videos/${encodeURIComponent(video.id)}` : null;
  const host = HOST_NAMES[video.host];
  return (
    <Card component="article" aria-label={video.title} sx={{ height: '100%', display: 'flex', flexDirection: 'column', opacity: video.isVisible ? 1 : 0.85 }}>
      <Link href={video.url} target="_blank" rel="noopener noreferrer" aria-label={t('videos.card.watchOn', { title: video.title, host })} sx={{ display: 'block' }}>
        <VideoThumbnail host={video.host} videoId={video.videoId} />
      </Link>
      <CardContent sx={{ flexGrow: 1, display: 'flex', flexDirection: 'column', gap: 0.75 }}>
        <Typography variant="h3" sx={{ fontSize: '1.05rem', fontWeight: 600, overflowWrap: 'anywhere' }}>
          {video.title}
        </Typography>
        {video.description && (
          <Typography
            variant="body2"
            color="text.secondary"
            sx={{ display: '-webkit-box', WebkitLineClamp: 3, WebkitBoxOrient: 'vertical', overflow: 'hidden', overflowWrap: 'anywhere' }}
          >
            {video.description}
          </Typography>
        )}
        <Typography variant="caption" color="text.secondary">
          {t('videos.card.added', { date: added, host })}
        </Typography>
        <FormControlLabel
          sx={{ mt: 0.5 }}
          control={
            <Switch
              checked={video.isVisible}
              disabled={visibility.isPending}
              onChange={(e) =>
                visibility.mutate(
                  { id: video.id, isVisible: e.target.checked },
                  { onError: (error) => notify(describeError(error, (key) => t(key), 'videos.errors.updating_visibility'), 'error') },
                )
              }
            />
          }
          label={video.isVisible ? t('videos.card.visible') : t('videos.card.hidden')}
        />
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2, pt: 0, gap: 1, flexWrap: 'wrap' }}>
        {publicUrl && video.isVisible ? (
          <Button size="small" href={publicUrl} target="_blank" rel="noopener" endIcon={<OpenInNewRoundedIcon />} data-testid="video-public-link">
            {t('videos.card.seePublic')}
          </Button>
        ) : (
          <Typography variant="caption" color="text.secondary" sx={{ flex: '1 1 auto', minWidth: 0 }}>
            {video.isVisible ? t('videos.card.profileHidden') : t('videos.card.hiddenHint')}
          </Typography>
        )}
        <Tooltip title={t('videos.delete.label')}>
          <IconButton aria-label={t('videos.delete.labelNamed', { title: video.title })} onClick={onDelete} sx={{ ml: 'auto' }}>
            <DeleteOutlineRoundedIcon />
          </IconButton>
        </Tooltip>
      </CardActions>
    </Card>
  );
}
