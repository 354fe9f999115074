import GraveIcon from '@mui/icons-material/ViewList';
import { GraveList } from './GraveList';
import { GraveShow } from './GraveShow';
import { GraveCreate } from './GraveCreate';
import { formatGraveNumber } from '../../../domain/text/format';
import type { GraveRecord } from '../../../dataProvider';

export { BuryPage } from './BuryPage';

export const graves = {
  name: 'graves',
  list: GraveList,
  show: GraveShow,
  create: GraveCreate,
  icon: GraveIcon,
  // Written as everywhere else (٩٠٠٥): a raw number would reach the i18n provider's grouped format (٩٬٠٠٥).
  recordRepresentation: (record: GraveRecord) => formatGraveNumber(record.number),
};
