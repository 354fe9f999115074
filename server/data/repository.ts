// The data layer as the routes see it: the register's named operations, built once at start with the database
// handle, so that no route holds the handle (a lint rule keeps `ctx.db` out of server/routes). The operations
// themselves live in their table family's module; this only binds them, room by room. Writes take a `Write` (who
// and when: writeBy in graveWrites.ts) and go through the audited write.
import type { Kysely } from 'kysely';
import type { DialectName } from '../db/connect';
import type { Database } from '../db/schema';
import * as accounts from './accounts';
import * as articles from './articles';
import * as audit from './audit';
import * as corrections from './corrections';
import * as graves from './graves';
import { readOfflineIndex, registerBurials } from './offlineIndex';
import * as notices from './notices';
import * as photos from './photos';
import { waitingCounts } from './pending';
import { createLoginThrottle } from './loginThrottle';
import * as plan from './plan';
import { loadIdentity } from './siteIdentity';
import { readSiteFile } from './siteFiles';
import * as sitemap from './sitemap';
import * as planRows from './planRows';
import { registerCsv } from './registerCsv';
import { answerTag, sectionJson } from './sectionStream';
import { graveBatches, recordExport } from './openExports';
import { listBatches } from './registerImport';
import { revokeToken } from './revokedTokens';
import { setupNeeded, setupCodeMatches } from './setup';
import * as suggestions from './suggestions';
import { pingDatabase } from './system';
import { createThrottle } from './throttle';
import { forecastFacts, pictureFacts, registerBookRows } from './statistics';

type Db = Kysely<Database>;

export function createRepository(db: Db, dialect: DialectName) {
  /** An operation of the data layer with the handle given (and the dialect, for those that need it). */
  const withDb =
    <A extends unknown[], R>(operation: (db: Db, ...args: A) => R) =>
    (...args: A) =>
      operation(db, ...args);
  const withDialect =
    <A extends unknown[], R>(operation: (db: Db, dialect: DialectName, ...args: A) => R) =>
    (...args: A) =>
      operation(db, dialect, ...args);

  return {
    dialect,
    ping: () => pingDatabase(db),
    graves: {
      list: withDb(graves.listGraves),
      // The whole answers read a page at a time, and their ETag.
      sectionJson: withDb(sectionJson),
      answerTag: withDb(answerTag),
      get: withDb(graves.getGrave),
      summaries: withDb(graves.listGraveSummaries),
      summaryColumns: withDb(graves.graveSummaryColumns),
      burialsOf: withDb(graves.burialsOf),
      recentBurials: withDb(graves.recentBurials),
      next: withDb(graves.nextGraves),
      burialCounts: withDb(graves.burialCountsBySection),
      sectionCards: withDb(graves.listSectionCards),
      sectionCardsOf: withDb(graves.sectionCardsOf),
      sectionNumbersHolding: withDb(graves.sectionNumbersHolding),
      sectionCardsByNumber: withDb(graves.sectionCardsByNumber),
      countGraves: withDb(graves.countGraves),
      warnings: withDb(graves.graveWarnings),
      withWarnings: withDb(graves.gravesWithWarnings),
    },
    // The phones' offline copy of the register (GET /search/index), read a page of graves at a time.
    offlineIndex: {
      read: withDb(readOfflineIndex),
      burials: withDb(registerBurials),
    },
    plan: {
      cemetery: withDb(plan.planOfCemetery),
      graveIdByNumber: withDb(plan.graveIdByNumber),
      namedRows: withDb(planRows.allNamedRows),
    },
    articles: {
      list: withDb(articles.listArticles),
      get: withDb(articles.getArticle),
    },
    // Death notices (writes: createNotice, updateNotice, deleteNotice in notices.ts, through auditedWrite).
    notices: {
      public: withDb(notices.publicNotices),
      list: withDb(notices.listNotices),
      get: withDb(notices.getNotice),
    },
    // What waits for the staff's decision (corrections, photos, suggestions).
    waiting: withDb(waitingCounts),
    // A grave's photos (writes: addPhoto, approvePhoto, coverPhoto, deletePhoto in photos.ts, audited).
    photos: {
      graveExists: withDb(photos.graveExists),
      room: withDb(photos.pendingPhotoRoom),
      list: withDb(photos.listPhotos),
      queue: withDb(photos.listPhotoQueue),
      status: withDb(photos.photoStatus),
      throttle: withDialect(createThrottle),
    },
    suggestions: {
      add: withDb(suggestions.addSuggestion),
      list: withDb(suggestions.listSuggestions),
      approved: withDb(suggestions.approvedSuggestions),
      throttle: withDialect(createThrottle),
    },
    // Families' corrections (decisions: applyStep, applyWithoutChange, rejectCorrection in corrections.ts,
    // audited; sending shares the suggestions' kind of per-client throttle).
    corrections: {
      add: withDialect(corrections.addCorrection),
      room: withDb(corrections.pendingCorrectionRoom),
      list: withDb(corrections.listCorrections),
      find: withDb(corrections.findCorrection),
      get: withDb(corrections.getCorrection),
      follow: withDb(corrections.followCorrection),
      burialNow: withDb(corrections.burialNow),
      throttle: withDialect(createThrottle),
    },
    accounts: {
      list: withDb(accounts.listAccounts),
      get: withDb(accounts.getAccount),
      findByEmail: withDb(accounts.findAccountByEmail),
      register: withDb(accounts.registerAccount),
      update: withDb(accounts.updateAccount),
      changePassword: withDb(accounts.changePassword),
      recordLogin: withDb(accounts.recordLogin),
      endSessions: withDb(accounts.endSessions),
      setRole: withDialect(accounts.setRole),
      setDisabled: withDialect(accounts.setDisabled),
      loginThrottle: withDialect(createLoginThrottle),
      revokeToken: withDb(revokeToken),
    },
    audit: {
      list: withDb(audit.listAudit),
      get: withDb(audit.getAuditEntry),
      allRows: withDb(audit.allAuditRows),
    },
    // The open formats read the register a batch at a time; every export is recorded in the audit.
    exports: { registerCsv: withDb(registerCsv), graveBatches: withDb(graveBatches), record: withDb(recordExport) },
    identity: { read: withDb(loadIdentity), file: withDb(readSiteFile) },
    imports: { batches: withDb(listBatches) },
    sitemap: {
      counts: withDb(sitemap.countSitemapRecords),
      articleIds: withDb(sitemap.sitemapArticleIds),
      graveIds: withDb(sitemap.sitemapGraveIds),
    },
    // The committee's planning: the forecast's and the charts' sums, the yearly register book's rows.
    statistics: {
      forecastFacts: withDb(forecastFacts),
      pictureFacts: withDb(pictureFacts),
      registerBook: withDb(registerBookRows),
    },
    setup: {
      needed: withDb(setupNeeded),
      codeMatches: withDb(setupCodeMatches),
      throttle: withDialect(createThrottle),
    },
  };
}

export type Repository = ReturnType<typeof createRepository>;
