import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import BusinessIcon from '@mui/icons-material/Business';
import CollectionsIcon from '@mui/icons-material/Collections';
import DashboardIcon from '@mui/icons-material/Dashboard';
import EventAvailableIcon from '@mui/icons-material/EventAvailable';
import DescriptionIcon from '@mui/icons-material/Description';
import DesignServicesIcon from '@mui/icons-material/DesignServices';
import GavelIcon from '@mui/icons-material/Gavel';
import HistoryIcon from '@mui/icons-material/History';
import InboxIcon from '@mui/icons-material/Inbox';
import LogoutIcon from '@mui/icons-material/Logout';
import MailIcon from '@mui/icons-material/Mail';
import PeopleIcon from '@mui/icons-material/People';
import PersonIcon from '@mui/icons-material/Person';
import PhotoLibraryIcon from '@mui/icons-material/PhotoLibrary';
import PlaceIcon from '@mui/icons-material/Place';
import PublicIcon from '@mui/icons-material/Public';
import CampaignIcon from '@mui/icons-material/Campaign';
import SettingsIcon from '@mui/icons-material/Settings';
import ShareIcon from '@mui/icons-material/Share';
import StarIcon from '@mui/icons-material/Star';
import TokenIcon from '@mui/icons-material/Toll';
import VerifiedIcon from '@mui/icons-material/Verified';
import VideoLibraryIcon from '@mui/icons-material/VideoLibrary';
import WorkspacePremiumIcon from '@mui/icons-material/WorkspacePremium';
import StoreIcon from '@mui/icons-material/Store';
import type SvgIcon from '@mui/material/SvgIcon';
import type { MenuIcon } from '@/components/layout/menu-items';

export const MENU_ICONS: Record<MenuIcon, typeof SvgIcon> = {
  dashboard: DashboardIcon,
  requests: MailIcon,
  videos: VideoLibraryIcon,
  photos: PhotoLibraryIcon,
  portfolios: CollectionsIcon,
  company: BusinessIcon,
  details: DescriptionIcon,
  address: PlaceIcon,
  services: DesignServicesIcon,
  portrait: PersonIcon,
  social: ShareIcon,
  badge: VerifiedIcon,
  reviews: StarIcon,
  subscription: WorkspacePremiumIcon,
  credits: TokenIcon,
  venues: StoreIcon,
  availability: EventAvailableIcon,
  moderation: GavelIcon,
  users: PeopleIcon,
  marketing: CampaignIcon,
  outbox: InboxIcon,
  audit: HistoryIcon,
  'public-profile': PublicIcon,
  settings: SettingsIcon,
  impersonate: AdminPanelSettingsIcon,
  'stop-impersonate': LogoutIcon,
};

