import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Link from '@mui/material/Link';
import ListSubheader from '@mui/material/ListSubheader';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import type { BottomEntry, Menu, MenuAction, MenuIcon, MenuLink } from '@/components/layout/menu-items';
import { MENU_ICONS } from '@/components/layout/side-menu-icons';
import { visuallyHidden } from '@/components/ui/visually-hidden';

export function isActivePath(current: string, path: string): boolean {
  if (path === '/') return current === '/' || current === '/dashboard';
  return current === path || current.startsWith(`${path}/`);
}

function Icon({ name }: { name: MenuIcon }) {
  const Component = MENU_ICONS[name];
  return (
    <ListItemIcon sx={{ minWidth: 36 }}>
      <Component fontSize="small" />
    </ListItemIcon>
  );
}

const itemSx = { py: 0.5, px: 1.25, minHeight: 38 } as const;

interface LinkItemProps {
  entry: MenuLink;
  nested?: boolean;
  onNavigate?: () => void;
}

function LinkItem({ entry, nested, onNavigate }: LinkItemProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const selected = !entry.shortcut && isActivePath(pathname, entry.path);
  const label = (
    <ListItemText
      primary={
        <>
          {t(entry.labelKey)}
          {entry.disabled && (
            <Box component="span" sx={visuallyHidden}>
              {` (${t('menu.availableAfterModeration')})`}
            </Box>
          )}
        </>
      }
      slotProps={{ primary: { variant: 'body2', noWrap: true } }}
    />
  );
  const trailing: ReactNode = entry.disabled ? (
    <LockOutlinedIcon fontSize="small" sx={{ color: 'text.secondary' }} aria-hidden="true" />
  ) : entry.isNew ? (
    <Chip label={t('common.new')} size="small" color="primary" sx={{ height: 20, fontSize: '0.6875rem' }} />
  ) : null;

  return (
    <ListItem disablePadding sx={{ display: 'block', pl: nested ? 1.5 : 0 }}>
      {entry.disabled ? (
        <ListItemButton disabled sx={itemSx} component="div" aria-disabled="true">
          <Icon name={entry.icon} />
          {label}
          {trailing}
        </ListItemButton>
      ) : (
        <ListItemButton
          component={RouterLink}
          to={entry.path}
          selected={selected}
          aria-current={selected ? 'page' : undefined}
          onClick={onNavigate}
          sx={itemSx}
        >
          <Icon name={entry.icon} />
          {label}
          {trailing}
        </ListItemButton>
      )}
    </ListItem>
  );
}

function BottomItem({
  entry,
  onNavigate,
  onAction,
}: {
  entry: BottomEntry;
  onNavigate?: () => void;
  onAction: (id: MenuAction['id']) => void;
}) {
  const { t } = useTranslation();
  const hintId = useId();
  if (entry.kind === 'link') return <LinkItem entry={entry} onNavigate={onNavigate} />;
  if (entry.kind === 'action') {
    return (
      <ListItem disablePadding>
        <ListItemButton sx={itemSx} onClick={() => onAction(entry.id)}>
          <Icon name={entry.icon} />
          <ListItemText primary={t(entry.labelKey)} slotProps={{ primary: { variant: 'body2' } }} />
        </ListItemButton>
      </ListItem>
    );
  }
  const disabled = entry.disabled || !entry.href;
  return (
    <ListItem disablePadding sx={{ display: 'block' }}>
      {disabled ? (
        <>
          <ListItemButton
            disabled
            sx={itemSx}
            component="div"
            aria-disabled="true"
            aria-describedby={entry.hintKey ? hintId : undefined}
          >
            <Icon name={entry.icon} />
            <ListItemText primary={t(entry.labelKey)} slotProps={{ primary: { variant: 'body2' } }} />
          </ListItemButton>
          {entry.hintKey && (
            <Typography
              id={hintId}
              variant="caption"
              color="text.secondary"
              data-testid="public-profile-hint"
              sx={{ display: 'block', pl: 5.75, pr: 1.25, pb: 0.5, lineHeight: 1.4 }}
            >
              {t(entry.hintKey)}
              {entry.hintPath && (
                <>
                  {' '}
                  <Link
                    component={RouterLink}
                    to={entry.hintPath}
                    onClick={onNavigate}
                    underline="always"
                    aria-label={t('gates.siret.action')}
                  >
                    {t('gates.publicProfile.fix')}
                  </Link>
                </>
              )}
            </Typography>
          )}
        </>
      ) : (
        <ListItemButton sx={itemSx} component="a" href={entry.href ?? undefined} target="_blank" rel="noopener noreferrer">
          <Icon name={entry.icon} />
          <ListItemText
            primary={
              <>
                {t(entry.labelKey)}
                <Box component="span" sx={visuallyHidden}>
                  {` (${t('menu.opensNewTab')})`}
                </Box>
              </>
            }
            slotProps={{ primary: { variant: 'body2' } }}
          />
          <OpenInNewIcon fontSize="small" sx={{ color: 'text.secondary' }} aria-hidden="true" />
        </ListItemButton>
      )}
    </ListItem>
  );
}

interface MenuContentProps {
  menu: Menu;
  onNavigate?: () => void;
  onAction: (id: MenuAction['id']) => void;
}

/** The lists of the side menu: main entries, admin entries, and the bottom entries. */
export function MenuContent({ menu, onNavigate, onAction }: MenuContentProps) {
  const { t } = useTranslation();
  const baseId = useId();
  const adminHeadingId = `${baseId}-admin`;
  return (
    <Box sx={{ flexGrow: 1, display: 'flex', flexDirection: 'column', justifyContent: 'space-between', p: 1, gap: 1 }}>
      <Box>
        <List dense disablePadding sx={{ display: 'flex', flexDirection: 'column', gap: 0.25 }}>
          {menu.main.map((entry) =>
            entry.kind === 'link' ? (
              <LinkItem key={entry.id} entry={entry} onNavigate={onNavigate} />
            ) : (
              <ListItem key={entry.id} disablePadding sx={{ display: 'block' }}>
                <Box
                  sx={{ display: 'flex', alignItems: 'center', px: 1.25, py: 0.75, color: 'text.secondary' }}
                  id={`${baseId}-${entry.id}`}
                >
                  <Icon name={entry.icon} />
                  <Box component="span" sx={{ typography: 'body2', fontWeight: 600 }}>
                    {t(entry.labelKey)}
                  </Box>
                </Box>
                <List
                  dense
                  disablePadding
                  aria-labelledby={`${baseId}-${entry.id}`}
                  sx={{ display: 'flex', flexDirection: 'column', gap: 0.25 }}
                >
                  {entry.children.map((child) => (
                    <LinkItem key={child.id} entry={child} nested onNavigate={onNavigate} />
                  ))}
                </List>
              </ListItem>
            ),
          )}
        </List>
        {menu.admin.length > 0 && (
          <List
            dense
            disablePadding
            aria-labelledby={adminHeadingId}
            sx={{ mt: 1, display: 'flex', flexDirection: 'column', gap: 0.25 }}
            subheader={
              <ListSubheader
                id={adminHeadingId}
                disableSticky
                sx={{ lineHeight: 2.5, bgcolor: 'transparent', color: 'text.secondary', fontWeight: 600, px: 1.25 }}
              >
                {t('menu.admin')}
              </ListSubheader>
            }
          >
            {menu.admin.map((entry) => (
              <LinkItem key={entry.id} entry={entry} onNavigate={onNavigate} />
            ))}
          </List>
        )}
      </Box>
      <Box>
        <Divider sx={{ mb: 1 }} />
        <List dense disablePadding sx={{ display: 'flex', flexDirection: 'column', gap: 0.25 }}>
          {menu.bottom.map((entry) => (
            <BottomItem key={entry.id} entry={entry} onNavigate={onNavigate} onAction={onAction} />
          ))}
        </List>
      </Box>
    </Box>
  );
}
