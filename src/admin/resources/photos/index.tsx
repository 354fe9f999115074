import PhotoIcon from '@mui/icons-material/PhotoLibrary';
import { PhotoQueue } from './PhotoQueue';

export const photos = {
  name: 'photos',
  list: PhotoQueue,
  icon: PhotoIcon,
};
