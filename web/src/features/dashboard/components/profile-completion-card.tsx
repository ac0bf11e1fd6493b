import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ArrowForwardIosRoundedIcon from '@mui/icons-material/ArrowForwardIosRounded';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { profileTasks } from '@/features/dashboard/profile-completion';
import { SectionCard } from '@/components/ui/section-card';
import { visuallyHidden } from '@/components/ui/visually-hidden';
import type { User } from '@/lib/auth/user';

/** A task of a dashboard checklist: its name (a text key), where it is done, and whether it is. */
export interface ChecklistTask {
  id: string;
  labelKey: string;
  path: string;
  done: boolean;
}

interface ChecklistCardProps {
  tasks: readonly ChecklistTask[];
  title: string;
  subtitle: string;
  completeText: string;
  'data-testid': string;
}

/** A checklist with its progress bar, each task not done linking to where it is done. */
export function ChecklistCard({ tasks, title, subtitle, completeText, 'data-testid': testId }: ChecklistCardProps) {
  const { t } = useTranslation();
  const labelId = useId();
  const total = tasks.length;
  const done = tasks.filter((task) => task.done).length;
  const complete = done === total;
  return (
    <SectionCard title={title} description={complete ? completeText : subtitle} data-testid={testId}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 2 }}>
        <LinearProgress
          variant="determinate"
          value={(done / total) * 100}
          color={complete ? 'success' : 'primary'}
          aria-labelledby={labelId}
          sx={{ flexGrow: 1, height: 10, borderRadius: 5 }}
        />
        <Typography id={labelId} variant="body2" sx={{ fontWeight: 700, whiteSpace: 'nowrap' }} data-testid="completion-count">
          {t('dashboard.tasks.progress', { done, total })}
        </Typography>
      </Box>
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexDirection: 'column', gap: 0.25 }}>
        {tasks.map((task) => (
          <Box
            component="li"
            key={task.id}
            data-task={task.id}
            data-done={task.done ? 'true' : 'false'}
            sx={{ display: 'flex', alignItems: 'center', gap: 1.25, minHeight: 40 }}
          >
            {task.done ? (
              <CheckCircleIcon color="success" fontSize="small" aria-hidden="true" />
            ) : (
              <RadioButtonUncheckedIcon color="disabled" fontSize="small" aria-hidden="true" />
            )}
            {task.done ? (
              <Typography variant="body2" color="text.secondary">
                {t(task.labelKey)}
                <Box component="span" sx={visuallyHidden}>
                  {` (${t('dashboard.tasks.done')})`}
                </Box>
              </Typography>
            ) : (
              <Link
                component={RouterLink}
                to={task.path}
                underline="hover"
                sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75, fontWeight: 600, fontSize: '0.875rem' }}
              >
                {t(task.labelKey)}
                <ArrowForwardIosRoundedIcon sx={{ fontSize: 11 }} aria-hidden="true" />
              </Link>
            )}
          </Box>
        ))}
      </Box>
    </SectionCard>
  );
}

/** The seven steps of a complete profile, each unmet one linking to where it is done. */
export function ProfileCompletionCard({ user }: { user: User }) {
  const { t } = useTranslation();
  return (
    <ChecklistCard
      tasks={profileTasks(user)}
      title={t('dashboard.tasks.title')}
      subtitle={t('dashboard.tasks.subtitle')}
      completeText={t('dashboard.tasks.complete')}
      data-testid="profile-completion"
    />
  );
}
