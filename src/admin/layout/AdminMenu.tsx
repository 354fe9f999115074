// The menu shows each role only what it may open (the same policy table as canAccess and the server).
import {
  Box,
  Divider,
  List,
  ListItem,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  MenuItem,
  Tooltip,
  Typography,
} from '@mui/material';
import { Menu, usePermissions, useSidebarState } from 'react-admin';
import { Link, matchPath, useLocation } from 'react-router';
import DashboardIcon from '@mui/icons-material/Dashboard';
import GravesIcon from '@mui/icons-material/ViewList';
import AddIcon from '@mui/icons-material/AddBox';
import SuggestionsIcon from '@mui/icons-material/Forum';
import ArticlesIcon from '@mui/icons-material/Article';
import UsersIcon from '@mui/icons-material/People';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import PasswordIcon from '@mui/icons-material/Key';
import AuditIcon from '@mui/icons-material/History';
import PublicIcon from '@mui/icons-material/Public';
import SectionIcon from '@mui/icons-material/Place';
import ContactIcon from '@mui/icons-material/Mail';
import ApprovedIcon from '@mui/icons-material/ThumbUp';
import OpenIcon from '@mui/icons-material/OpenInNew';
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
import { t } from '../../domain/messages';
import { CONSOLE_BASE, consolePaths } from '../../domain/paths/consolePaths';
import { publicPaths } from '../../domain/paths/publicPaths';
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
  },
  // The corrections families send (managers and admins decide them).
  {
    to: consolePaths.corrections(),
    label: t('correctionsConsole.menu'),
    icon: <CorrectionsIcon />,
    resource: 'corrections',
    action: 'list',
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

function ConsoleMenuItem({ item, current }: { item: Pick<Item, 'to' | 'label' | 'icon'>; current: boolean }) {
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
      <ListItemIcon sx={{ color: 'inherit' }}>{item.icon}</ListItemIcon>
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

/** The public pages the specification's staff menu holds (men, women, bones, contact, approved suggestions). */
const PUBLIC_LINKS = [
  { href: publicPaths.home.href(), label: t('admin.visitSite'), icon: <PublicIcon /> },
  { href: publicPaths.men.href(), label: t('nav.men'), icon: <SectionIcon /> },
  { href: publicPaths.women.href(), label: t('nav.women'), icon: <SectionIcon /> },
  { href: publicPaths.bones.href(), label: t('nav.bones'), icon: <SectionIcon /> },
  { href: publicPaths.contact.href(), label: t('nav.contact'), icon: <ContactIcon /> },
  { href: publicPaths.approved.href(), label: t('nav.approved'), icon: <ApprovedIcon /> },
];

/** The public page of the grave, article or notice on screen, when there is one. */
export function publicPageOf(pathname: string): { href: string; label: string } | null {
  const grave = matchPath({ path: `${CONSOLE_BASE}/graves/:id/*` }, pathname);
  if (grave?.params.id && grave.params.id !== 'create') {
    return { href: publicPaths.grave.href(grave.params.id), label: t('admin.viewGrave') };
  }
  const article = matchPath({ path: `${CONSOLE_BASE}/articles/:id/*` }, pathname);
  if (article?.params.id && article.params.id !== 'create') {
    return { href: publicPaths.article.href(article.params.id), label: t('admin.viewArticle') };
  }
  const notice = matchPath({ path: `${CONSOLE_BASE}/notices/:id/*` }, pathname);
  if (notice?.params.id && notice.params.id !== 'create') {
    return { href: publicPaths.notice.href(notice.params.id), label: t('noticesConsole.viewPublic') };
  }
  return null;
}

/**
 * Links that leave the console for the public site: plain links (a full page load), apart from the console's own
 * menu items so that the menu lists only the console's pages.
 */
function PublicLinks() {
  const { pathname } = useLocation();
  const [open] = useSidebarState();
  const here = publicPageOf(pathname);
  const links = here ? [{ ...here, icon: <OpenIcon /> }, ...PUBLIC_LINKS] : PUBLIC_LINKS;
  return (
    <Box component="nav" aria-label={t('admin.publicPages')}>
      <Divider />
      {open && (
        <Typography variant="overline" component="p" sx={{ px: 2, pt: 1, color: 'text.secondary' }}>
          {t('admin.publicPages')}
        </Typography>
      )}
      <List dense disablePadding>
        {links.map((link) => (
          <ListItem key={link.href} disablePadding>
            <ListItemButton component="a" href={link.href} sx={{ color: 'text.secondary' }}>
              <ListItemIcon sx={{ color: 'inherit' }}>{link.icon}</ListItemIcon>
              <ListItemText primary={link.label} slotProps={{ primary: { noWrap: true } }} />
            </ListItemButton>
          </ListItem>
        ))}
      </List>
    </Box>
  );
}

export function AdminMenu() {
  const { permissions } = usePermissions<Role | null>();
  const { pathname } = useLocation();
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
          <ConsoleMenuItem key={item.to} item={item} current={item.to === current} />
        ))}
      </Menu>
      <PublicLinks />
    </>
  );
}
