import NoticeIcon from '@mui/icons-material/Campaign';
import { NoticeList } from './NoticeList';
import { NoticeCreate, NoticeEdit } from './NoticeForms';

export const notices = {
  name: 'notices',
  list: NoticeList,
  create: NoticeCreate,
  edit: NoticeEdit,
  icon: NoticeIcon,
  recordRepresentation: 'name',
};
