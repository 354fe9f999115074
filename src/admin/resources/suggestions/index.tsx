import SuggestionIcon from '@mui/icons-material/Forum';
import { SuggestionList } from './SuggestionList';

export const suggestions = {
  name: 'suggestions',
  list: SuggestionList,
  icon: SuggestionIcon,
};
