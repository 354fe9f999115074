import ArticleIcon from '@mui/icons-material/Article';
import { ArticleList } from './ArticleList';
import { ArticleCreate, ArticleEdit, ArticleShow } from './ArticleForms';

export const articles = {
  name: 'articles',
  list: ArticleList,
  create: ArticleCreate,
  edit: ArticleEdit,
  show: ArticleShow,
  icon: ArticleIcon,
  recordRepresentation: 'title',
};
