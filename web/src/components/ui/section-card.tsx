import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';

interface SectionCardProps {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  tone?: 'default' | 'danger';
  'data-testid'?: string;
}

/** A titled card of a settings page; the title (h2) names the section for screen readers. */
export function SectionCard({ title, description, children, tone = 'default', ...rest }: SectionCardProps) {
  const titleId = useId();
  return (
    <Card
      component="section"
      aria-labelledby={titleId}
      sx={tone === 'danger' ? { borderColor: 'error.main' } : undefined}
      data-testid={rest['data-testid']}
    >
      <CardContent sx={{ p: { xs: 2, sm: 3 }, '&:last-child': { pb: { xs: 2, sm: 3 } } }}>
        <Typography id={titleId} variant="h2" sx={{ fontSize: '1.25rem', mb: description ? 0.5 : 2, color: tone === 'danger' ? 'error.main' : undefined }}>
          {title}
        </Typography>
        {description && (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {description}
          </Typography>
        )}
        {children}
      </CardContent>
    </Card>
  );
}
