import NavigateNextRoundedIcon from '@mui/icons-material/NavigateNextRounded';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useCrumbs } from '@/components/layout/route-handle';

/** Dashboard > [group >] page, from the matched routes' handles. */
export function NavBreadcrumbs() {
  const { t } = useTranslation();
  const crumbs = useCrumbs();
  const items = [{ labelKey: 'menu.dashboard', path: '/', link: true }, ...crumbs];

  return (
    <Breadcrumbs
      aria-label={t('shell.breadcrumb')}
      separator={<NavigateNextRoundedIcon fontSize="small" />}
      sx={{ '& .MuiBreadcrumbs-ol': { flexWrap: 'wrap' } }}
    >
      {items.map((crumb, index) => {
        const last = index === items.length - 1;
        if (last) {
          return (
            <Typography key={crumb.path + crumb.labelKey} variant="body2" sx={{ color: 'text.primary', fontWeight: 600 }} aria-current="page">
              {t(crumb.labelKey)}
            </Typography>
          );
        }
        if (!crumb.link) {
          return (
            <Typography key={crumb.path + crumb.labelKey} variant="body2" color="text.secondary">
              {t(crumb.labelKey)}
            </Typography>
          );
        }
        return (
          <Link key={crumb.path + crumb.labelKey} component={RouterLink} to={crumb.path} variant="body2" color="text.secondary">
            {t(crumb.labelKey)}
          </Link>
        );
      })}
    </Breadcrumbs>
  );
}
