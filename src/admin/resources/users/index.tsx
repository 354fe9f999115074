import UsersIcon from '@mui/icons-material/People';
import { UserCreate, UserList } from './Users';

export const users = {
  name: 'users',
  list: UserList,
  create: UserCreate,
  icon: UsersIcon,
  recordRepresentation: 'name',
};
