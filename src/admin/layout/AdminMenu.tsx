// The menu shows each role only what it may open (the same policy table as canAccess and the server).
import { Menu, usePermissions } from 'react-admin';
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
import { t } from '../../domain/messages';
import { consolePaths } from '../../domain/consolePaths';
import { can, type Action, type Resource } from '../../domain/policy';
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
    resource: 'import',
    action: 'create',
  },
  {
    to: consolePaths.suggestions(),
    label: t('nav.suggestions'),
    icon: <SuggestionsIcon />,
    resource: 'suggestions',
    action: 'list',
  },
  {
    to: consolePaths.articles(),
    label: t('nav.articles'),
    icon: <ArticlesIcon />,
    resource: 'articles',
    action: 'list',
  },
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
];

export function AdminMenu() {
  const { permissions } = usePermissions<Role | null>();
  return (
    <Menu>
      <Menu.Item to={consolePaths.dashboard()} primaryText={t('admin.dashboard')} leftIcon={<DashboardIcon />} />
      {MENU_ITEMS.filter((item) => can(permissions, item.resource, item.action)).map((item) => (
        <Menu.Item key={item.to} to={item.to} primaryText={item.label} leftIcon={item.icon} />
      ))}
    </Menu>
  );
}
