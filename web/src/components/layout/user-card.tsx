import LockIcon from '@mui/icons-material/Lock';
import LogoutIcon from '@mui/icons-material/Logout';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { User } from '@/lib/auth/user';

function initials(user: Pick<User, 'firstname' | 'lastname' | 'email'>): string {
  const value = `${user.firstname?.[0] ?? ''}${user.lastname?.[0] ?? ''}`.toUpperCase();
  return value || (user.email[0] ?? '?').toUpperCase();
}

interface UserCardProps {
  user: Pick<User, 'firstname' | 'lastname' | 'fullName' | 'email' | 'avatar'>;
  onLogout: () => void;
  onNavigate?: () => void;
}

/** Avatar, name and e-mail at the bottom of the side menu, with its menu: Security, Logout. */
export function UserCard({ user, onLogout, onNavigate }: UserCardProps) {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const name = user.fullName || `${user.firstname} ${user.lastname}`.trim() || user.email;
  const close = () => setAnchor(null);

  return (
    <Box
      sx={{ p: 1.5, display: 'flex', alignItems: 'center', gap: 1, borderTop: '1px solid', borderColor: 'divider' }}
      data-testid="user-card"
    >
      <Avatar src={user.avatar ?? undefined} alt="" sx={{ width: 36, height: 36, bgcolor: 'primary.main', fontSize: 15 }}>
        <span aria-hidden="true">{initials(user)}</span>
      </Avatar>
      <Box sx={{ minWidth: 0, flexGrow: 1 }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }} noWrap>
          {name}
        </Typography>
        <Typography variant="caption" color="text.secondary" noWrap component="p">
          {user.email}
        </Typography>
      </Box>
      <IconButton
        size="small"
        aria-label={t('menu.userMenu')}
        aria-haspopup="true"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <MoreVertIcon fontSize="small" />
      </IconButton>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={anchor !== null}
        onClose={close}
        anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
        transformOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      >
        <MenuItem
          component={RouterLink}
          to="/security"
          onClick={() => {
            close();
            onNavigate?.();
          }}
        >
          <ListItemIcon>
            <LockIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('menu.security')}</ListItemText>
        </MenuItem>
        <Divider />
        <MenuItem
          onClick={() => {
            close();
            onLogout();
          }}
        >
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('menu.logout')}</ListItemText>
        </MenuItem>
      </Menu>
    </Box>
  );
}
