import AuditIcon from '@mui/icons-material/History';
import { AuditList } from './AuditList';

export const audit = {
  name: 'audit',
  list: AuditList,
  icon: AuditIcon,
};
