export {
  createDataProvider,
  type CemeteryDataProvider,
  type GraveRecord,
  type BuriedPersonRecord,
  type SuggestionRecord,
  type ArticleRecord,
  type AccountRecord,
  type BurialInput,
} from './dataProvider';
