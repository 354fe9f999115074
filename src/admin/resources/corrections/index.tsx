import CorrectionIcon from '@mui/icons-material/FactCheck';
import { CorrectionList } from './CorrectionList';

export const corrections = {
  name: 'corrections',
  list: CorrectionList,
  icon: CorrectionIcon,
};
