import UsersIcon from '@mui/icons-material/People';
import { UserCreate, UserEdit, UserList } from './Users';

export const users = {
  name: 'users',
  list: UserList,
  create: UserCreate,
  edit: UserEdit,
  icon: UsersIcon,
  recordRepresentation: 'name',
};
