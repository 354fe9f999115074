export { createDataProvider, type CemeteryDataProvider } from './dataProvider';
export { fieldRefusal } from './http';
export type {
  AccountRecord,
  ArticleRecord,
  BurialInput,
  BuriedPersonRecord,
  GraveRecord,
  SuggestionRecord,
  WithId,
} from './records';
export type { BurialWarning, ImportBatch, ImportReport, LedgerRow, RangeAnswer, ReportLine } from './register';
export { noticeBody } from './notices';
export type { NoticeInput, NoticeRecord } from './notices';
export type { ApplyCorrectionInput, CorrectionRecord } from './corrections';
export type { PhotoRecord } from './photos';
export type { Waiting } from './graves';
