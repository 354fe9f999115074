// The menu shows each role only what it may open (the same policy table as canAccess and the server).
import { Badge, ListItemIcon, MenuItem, Tooltip, Typography } from '@mui/material';
import { Menu, usePermissions, useSidebarState } from 'react-admin';
import { Link, useLocation } from 'react-router';
import DashboardIcon from '@mui/icons-material/Dashboard';
import GravesIcon from '@mui/icons-material/ViewList';
import AddIcon from '@mui/icons-material/AddBox';
import SuggestionsIcon from '@mui/icons-material/Forum';
import ArticlesIcon from '@mui/icons-material/Article';
import UsersIcon from '@mui/icons-material/People';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import PasswordIcon from '@mui/icons-material/Key';
import AuditIcon from '@mui/icons-material/History';
import RangeIcon from '@mui/icons-material/PlaylistAdd';
import LedgerIcon from '@mui/icons-material/EditNote';
import ImportIcon from '@mui/icons-material/UploadFile';
import PlanIcon from '@mui/icons-material/GridView';
import PlatesIcon from '@mui/icons-material/QrCode2';
import SettingsIcon from '@mui/icons-material/Settings';
import NoticesIcon from '@mui/icons-material/Campaign';
import CorrectionsIcon from '@mui/icons-material/FactCheck';
import StatisticsIcon from '@mui/icons-material/Insights';
import BookIcon from '@mui/icons-material/MenuBook';
import PhotosIcon from '@mui/icons-material/PhotoLibrary';
import { t } from '../../domain/messages';
import { PublicLinks } from './PublicLinks';

export { publicPageOf } from './PublicLinks';
import { formatNumber } from '../../domain/text/format';
import type { Waiting } from '../../dataProvider';
import { useWaiting } from '../queries';
import { consolePaths } from '../../domain/paths/consolePaths';
import { useSmallScreen } from '../components/CardList';
import { REGISTER_BOOK_PATH } from '../pages/RegisterBookPage';
import { can, type Action, type Resource } from '../../domain/rules/policy';
import type { Role } from '../../domain/types';

interface Item {
  to: string;
  label: string;
  icon: React.ReactElement;
  resource: Resource;
  action: Action;
  /** The queue whose waiting items the entry counts (GET /api/waiting). */
  waiting?: keyof Waiting;
}

export const MENU_ITEMS: Item[] = [
  { to: consolePaths.graves(), label: t('nav.showgraves'), icon: <GravesIcon />, resource: 'graves', action: 'list' },
  {
    to: consolePaths.createGrave(),
    label: t('nav.creategrave'),
    icon: <AddIcon />,
    resource: 'graves',
    action: 'create',
  },
  {
    to: consolePaths.graveRange(),
    label: t('range.title'),
    icon: <RangeIcon />,
    resource: 'graves',
    action: 'create',
  },
  {
    to: consolePaths.ledgerEntry(),
    label: t('entry.title'),
    icon: <LedgerIcon />,
    resource: 'burials',
    action: 'create',
  },
  {
    to: consolePaths.importRegister(),
    label: t('import.title'),
    icon: <ImportIcon />,
    resource: 'imports',
    action: 'create',
  },
  { to: consolePaths.plan(), label: t('plan.consoleTitle'), icon: <PlanIcon />, resource: 'plan', action: 'list' },
  // Printing the graves' plates (every role that lists the graves).
  {
    to: consolePaths.plateSheets(),
    label: t('plateSheets.title'),
    icon: <PlatesIcon />,
    resource: 'graves',
    action: 'list',
  },
  {
    to: consolePaths.suggestions(),
    label: t('nav.suggestions'),
    icon: <SuggestionsIcon />,
    resource: 'suggestions',
    action: 'list',
    waiting: 'suggestions',
  },
  // The corrections families send (managers and admins decide them).
  {
    to: consolePaths.corrections(),
    label: t('correctionsConsole.menu'),
    icon: <CorrectionsIcon />,
    resource: 'corrections',
    action: 'list',
    waiting: 'corrections',
  },
  // The photos families send, of every grave (the grave's console page shows its own).
  {
    to: consolePaths.photos(),
    label: t('photosConsole.queueMenu'),
    icon: <PhotosIcon />,
    resource: 'photos',
    action: 'edit',
    waiting: 'photos',
  },
  {
    to: consolePaths.articles(),
    label: t('nav.articles'),
    icon: <ArticlesIcon />,
    resource: 'articles',
    action: 'list',
  },
  // The death notices (a clerk reads them; managers and admins publish).
  {
    to: consolePaths.notices(),
    label: t('noticesConsole.menu'),
    icon: <NoticesIcon />,
    resource: 'notices',
    action: 'list',
  },
  // The committee's planning: when each section fills, the years in pictures (managers and admins).
  {
    to: consolePaths.statistics(),
    label: t('statisticsPage.menu'),
    icon: <StatisticsIcon />,
    resource: 'statistics',
    action: 'list',
  },
  // The yearly register book, printed (every staff role).
  { to: REGISTER_BOOK_PATH, label: t('registerBook.menu'), icon: <BookIcon />, resource: 'burials', action: 'list' },
  { to: consolePaths.users(), label: t('admin.users'), icon: <UsersIcon />, resource: 'users', action: 'list' },
  {
    to: consolePaths.createUser(),
    label: t('nav.register'),
    icon: <PersonAddIcon />,
    resource: 'users',
    action: 'create',
  },
  {
    to: consolePaths.password(),
    label: t('nav.resetpassword'),
    icon: <PasswordIcon />,
    resource: 'password',
    action: 'edit',
  },
  { to: consolePaths.audit(), label: t('audit.title'), icon: <AuditIcon />, resource: 'audit', action: 'list' },
  {
    to: consolePaths.settings(),
    label: t('settingsPage.menu'),
    icon: <SettingsIcon />,
    resource: 'settings',
    action: 'edit',
  },
];

/**
 * The one menu entry of the page on screen: the longest entry address the current address begins with, so the
 * dashboard ('/admin') is not lit on every page and 'عرض المقابر' is not lit beside 'إضافة مقبرة' (react-admin's
 * own item lights every item whose address is a prefix of the current one).
 */
export function currentMenuEntry(pathname: string, entries: readonly string[]): string | null {
  const path = pathname.replace(/\/+$/, '') || '/';
  let best: string | null = null;
  for (const to of entries) {
    if ((path === to || path.startsWith(`${to}/`)) && (best === null || to.length > best.length)) best = to;
  }
  return best;
}

function ConsoleMenuItem({
  item,
  current,
  waiting = 0,
}: {
  item: Pick<Item, 'to' | 'label' | 'icon'>;
  current: boolean;
  waiting?: number;
}) {
  const [open, setOpen] = useSidebarState();
  const small = useSmallScreen();
  const entry = (
    <MenuItem
      component={Link}
      to={item.to}
      selected={current}
      aria-current={current ? 'page' : undefined}
      // On a phone the menu is a drawer over the page: it closes once a page is chosen.
      onClick={() => {
        if (small) setOpen(false);
      }}
      sx={{ color: current ? 'text.primary' : 'text.secondary' }}
    >
      <ListItemIcon sx={{ color: 'inherit' }}>
        {/* What waits in this queue, counted on the icon (read with the entry's name). */}
        <Badge badgeContent={waiting > 0 ? formatNumber(waiting) : null} color="warning">
          {item.icon}
        </Badge>
      </ListItemIcon>
      <Typography variant="inherit" noWrap>
        {item.label}
      </Typography>
    </MenuItem>
  );
  // The closed desktop sidebar shows icons only: the name comes up on hover, as in react-admin's own item.
  return open ? (
    entry
  ) : (
    <Tooltip title={item.label} placement="left">
      {entry}
    </Tooltip>
  );
}

const countOf = (counts: Waiting | undefined, queue: keyof Waiting | undefined) => (queue && counts?.[queue]) || 0;

export function AdminMenu() {
  const { permissions } = usePermissions<Role | null>();
  const { pathname } = useLocation();
  const waiting = useWaiting();
  const dashboard = { to: consolePaths.dashboard(), label: t('admin.dashboard'), icon: <DashboardIcon /> };
  const items = [dashboard, ...MENU_ITEMS.filter((item) => can(permissions, item.resource, item.action))];
  const current = currentMenuEntry(
    pathname,
    items.map((item) => item.to),
  );
  return (
    <>
      <Menu>
        {items.map((item) => (
          <ConsoleMenuItem
            key={item.to}
            item={item}
            current={item.to === current}
            waiting={countOf(waiting.data, (item as Partial<Item>).waiting)}
          />
        ))}
      </Menu>
      <PublicLinks />
    </>
  );
}
