import GraveIcon from '@mui/icons-material/ViewList';
import { GraveList } from './GraveList';
import { GraveShow } from './GraveShow';
import { GraveCreate } from './GraveCreate';

export { BuryPage } from './BuryPage';

export const graves = {
  name: 'graves',
  list: GraveList,
  show: GraveShow,
  create: GraveCreate,
  icon: GraveIcon,
  recordRepresentation: 'number',
};
