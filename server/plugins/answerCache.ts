// Answers kept in memory as serialized bytes with their compressed forms and an ETag (304 on If-None-Match): the
// public answers each route declares with `config: { answerCache: { shows } }` (server/http/routeConfig.ts), and the
// staff's values the grave routes ask for by name (answer/remember below, through KeptAnswers); and marks of what
// each public page kept as drawn showed (reading/current below, for server/site/index.ts).
//
// Why it stays correct:
// - every write moves the counter of the part of the register it changed (a grave section, the articles, the
//   approved suggestions; see data/dataVersions.ts) inside its own transaction. Each answer is kept with the parts
//   its route says it shows, and is dropped when one of their counters moves;
// - this process reads the counters again as soon as one of its writes succeeds, before the write's answer is sent,
//   so its own writes are never served stale; other processes sharing the database read them at most twice a second
//   before serving from memory, and serve a write within one second (tests/durability/threeProcesses.test.ts). Public
//   suggestions are pending until a manager approves them (a staff write), so they never change a kept answer;
// - statuses depend on "today": an entry filled on another day is never served.
import { createHash } from 'node:crypto';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { AppContext } from '../http/context';
import type { Repository } from '../data/repository';
import { DATA_SCOPES, GRAVE_SCOPES, readVersions, type DataScope } from '../data/dataVersions';
import { gravesChangedSince } from '../data/graveFacts';
import type { SearchIndex } from '../data/searchIndex';
import { GENDERS } from '../../src/domain/types';
import type { AnswerCacheConfig } from '../http/routeConfig';
import { STRICT_TRANSPORT_SECURITY } from './securityHeaders';
import { COMPRESS_FROM, compressed, pickEncoding, type Encoding } from '../http/compressed';
import { ownedText } from '../http/ownedBytes';

const asArray = <T>(hooks: T | T[] | undefined): T[] =>
  hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks];

/** The key of a request whose route declares its answer kept, or null when this request's answer is not kept. */
function keyOf(request: FastifyRequest, declared: AnswerCacheConfig): string | null {
  if (request.method !== 'GET') return null;
  if (declared.publicOnly && request.headers.authorization !== undefined) return null;
  const query = request.url.indexOf('?');
  if (query === -1) return request.url;
  // Only the query parameters the route names make another answer; anything else (cache busters, unknown
  // parameters) is answered fresh rather than filling memory with copies.
  const allowed = declared.query ?? [];
  const names = [...new URLSearchParams(request.url.slice(query + 1)).keys()];
  return names.length > 0 && names.every((name) => allowed.includes(name)) && new Set(names).size === names.length
    ? request.url
    : null;
}

/** Whether the request carries text in one of the `typed` parameters (an empty search is asked by everyone alike). */
function typedIn(request: FastifyRequest, typed: readonly string[]): boolean {
  const query = request.url.indexOf('?');
  if (query === -1) return false;
  const params = new URLSearchParams(request.url.slice(query + 1));
  return typed.some((name) => (params.get(name) ?? '').trim() !== '');
}

const MAX_ENTRIES = 2000;
/**
 * At most this many bytes of kept answers, their compressed forms counted (the oldest kept leave first). The whole
 * sections and the staff's whole register are no longer kept (streamed, server/http/streamedAnswer.ts); the
 * largest left is the offline search index; the rest are searches and small answers, which could otherwise fill
 * memory with a few thousand different queries. Values kept by `remember` are not counted here. 12 MB: the offline
 * index at its ceiling of 60,000 burials is about 6 MB with its compressed forms, a search answer a few KB; at 32 MB
 * a few minutes of different searches held 30 MB more of the process's memory for answers rarely asked twice.
 */
const MAX_BYTES = 12 * 1024 * 1024;
/**
 * Of those, at most this many for answers asked with a visitor's typed text (AnswerCacheConfig.typed: a search, a
 * section searched by name): rarely asked twice, they filled the whole cache in a busy minute, pushing out the
 * sections' pages, and held 12 MB (a search answer is a few KB: some hundreds of searches stay kept).
 */
const TYPED_MAX_BYTES = 2 * 1024 * 1024;
/**
 * What the name searches' checks (AnswerCache.searched) hold at most: each keeps its query, whose tables take about
 * 8 bytes per distinct word of the register (about 25 KB in a town, more in a city). Past this the oldest searches
 * kept lose their check and are dropped at any write to the graves, as every search was before.
 */
const FINDS_MAX_BYTES = 4 * 1024 * 1024;
/** And at most this many of them (a search that finds no one is a few bytes: 2,000 of those filled MAX_ENTRIES). */
const TYPED_MAX_ENTRIES = 500;
const bytesOf = (entry: Entry) => entry.body.length + (entry.br?.length ?? 0) + (entry.gzip?.length ?? 0);
/** How long a request waits for the same answer being built by another before building it itself. */
const BUILD_WAIT_MS = 5000;

const etagOf = (body: Buffer) => `"${createHash('sha1').update(body).digest('base64url')}"`;

function settlesWithin(promise: Promise<void>, ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    void promise.then(() => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

/** What the hooks of one request note about it. */
type CacheState = FastifyRequest & {
  cacheKey?: string;
  cacheScopes?: readonly DataScope[];
  /** The graves the answer shows (AnswerCacheConfig.grave, and those the handler adds with alsoShowsGraves). */
  cacheGraves?: string[];
  cacheGeneration?: number;
  cacheBuilt?: () => void;
  cacheTyped?: boolean;
  cacheFinds?: { finds: Finds; bytes: number };
};

/**
 * Whether a name search's answer would find anyone now lying in one of these graves, in the name index brought up to
 * the counters that moved (AnswerCache.searched).
 */
type Finds = (index: SearchIndex, graves: ReadonlySet<string>) => boolean;
/** Twice a second: a write through another process is served within one second with room to spare. */
const VERSION_CHECK_MS = 500;

interface Entry {
  body: Buffer;
  etag: string;
  type: string;
  today: string;
  scopes: readonly DataScope[];
  /** The graves the answer shows (AnswerCacheConfig.grave): dropped only when the log names one of them. */
  graves?: readonly string[];
  /** A name search's: dropped also when someone it finds now lies in a grave the log names. */
  finds?: Finds;
  /** What its check holds (FINDS_MAX_BYTES). */
  findsBytes?: number;
  gzip?: Buffer;
  br?: Buffer;
  /** While kept: the bytes counted for it (its compressed forms are made when first asked, and counted then). */
  counted?: number;
  /** Asked with a visitor's typed text (AnswerCacheConfig.typed): counted in TYPED_MAX_BYTES too. */
  typed?: boolean;
  /**
   * Kept by a route open to everyone (no `access` rule): the front door may answer it before routing. The staff's
   * values kept by name (AnswerCache.answer) never are.
   */
  open?: boolean;
  /** The headers of each form written straight to the socket (writeKept), as name, value, name, value… */
  heads?: Partial<Record<'plain' | 'br' | 'gzip' | 'notModified', string[]>>;
}

/** What a staff route asks the cache to keep by name: the key and the parts of the register the value shows. */
export interface Kept {
  key: string;
  shows: readonly DataScope[];
}

/**
 * What one answer shows: the parts of the register, and, for the answer of one grave, the graves it shows (a write
 * to another grave of its section, which the log of changed graves names, leaves it as it is).
 */
export interface Shown {
  shows: readonly DataScope[];
  graves?: readonly string[];
}

/** A drawing begun from the register as it is now (a public page, server/site/index.ts). */
export interface Reading {
  /**
   * A number that moves whenever kept answers are dropped (a write here, or counters moved by another process):
   * visitors arriving while it is still the one the drawing began at may share that drawing.
   */
  readonly generation: number;
  /**
   * Marks what the drawing showed, to know later whether it is still right; null when a part it shows changed
   * since it began (it may be sent, not kept).
   */
  mark(shown: readonly Shown[]): ShownMark | null;
}

/** Until released, the cache notes whether a write changed what a drawing showed (AnswerCache.current). */
export interface ShownMark {
  release(): void;
}

export interface AnswerCache {
  /** How many answers were built and kept since start (each a full query and serialization). */
  builds(): number;
  /** How many requests the front door answered from kept answers since start (the tests and the bench read it). */
  answeredBeforeRouting(): number;
  /**
   * The serialized answer under `key` for the current data versions and day, produced once: for answers that need a
   * guard first (the staff's whole list of graves), which the URL-keyed lookup before routing must not serve.
   */
  answer(
    request: FastifyRequest,
    reply: FastifyReply,
    kept: Kept,
    produce: () => Promise<unknown>,
  ): Promise<FastifyReply>;
  /**
   * A value computed from the register, kept and dropped like the answers that show the same parts: for staff
   * requests that filter and page it differently each time. The caller must not change what it gets.
   */
  remember<T>(kept: Kept, produce: () => Promise<T>): Promise<T>;
  /** The parts' counters as this process last read them (again when a second has passed). */
  versions(): Promise<ReadonlyMap<DataScope, string>>;
  /**
   * Other graves this request's answer shows (a grave's page lists where its moved remains went and where its
   * remains came from): a write to one of them drops it too. For routes that declare `grave`.
   */
  alsoShowsGraves(request: FastifyRequest, ids: ReadonlyArray<string | null | undefined>): void;
  /**
   * A name search's answer: the graves it shows, and whether it would find people now lying in some graves. A write
   * drops it only when it changed one of those graves or put there someone the search finds: a burial changes the
   * answers of the few searches its name meets, not every search kept (each process dropped them all at every burial
   * of its own, and built them again).
   */
  searched(request: FastifyRequest, shown: { graves: readonly string[]; finds: Finds; bytes: number }): void;
  /**
   * The front door's part (server/http/frontDoor.ts): answers a GET before routing from the answer a public route
   * kept for this very address, when it is served as it is now (the counters read within VERSION_CHECK_MS, kept
   * today); false leaves the request to the router. `admit` (the request ceiling) is asked last, so that only a
   * request answered here is counted here.
   */
  serveBeforeRouting(
    request: IncomingMessage,
    response: ServerResponse,
    overTls: boolean,
    admit: () => boolean,
  ): boolean;
  /** A drawing from the register begins now (a public page drawn on the server from its answers). */
  reading(): Reading;
  /**
   * Whether what a drawing showed is unchanged: no write changed it, here or (within VERSION_CHECK_MS) in another
   * process, and the day is the same.
   */
  current(mark: ShownMark): Promise<boolean>;
}

type Built<T extends (...args: never[]) => Promise<unknown>> = () => ReturnType<T>;
type Graves = Repository['graves'];

/**
 * The answer cache's jobs, each by its name, for the routes and the pages: the values kept by name with the parts
 * they show, the counters the name search is read for, the graves an answer also shows.
 */
export interface KeptAnswers {
  /** The staff list's columns of every grave (status, days left), until a grave or burial changes. */
  graveSummaries(build: Built<Graves['summaryColumns']>): ReturnType<Graves['summaryColumns']>;
  /** The graves holding a burial saved with a warning, until a grave or burial changes. */
  gravesWithWarnings(build: Built<Graves['withWarnings']>): ReturnType<Graves['withWarnings']>;
  /** The sums behind the capacity forecast, until a grave or burial changes. */
  forecastFacts(
    build: Built<Repository['statistics']['forecastFacts']>,
  ): ReturnType<Repository['statistics']['forecastFacts']>;
  /** How many burials the offline index would hold, until a grave or burial changes. */
  offlineBurials(build: () => Promise<number>): Promise<number>;
  /** The register's counters as this process last read them: the name search's index is read for them. */
  searchVersions(): Promise<ReadonlyMap<DataScope, string>>;
  /** Other graves a grave's answer shows (AnswerCache.alsoShowsGraves). */
  showsGraves(request: FastifyRequest, ids: ReadonlyArray<string | null | undefined>): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    answerCache: AnswerCache;
    keptAnswers: KeptAnswers;
  }
}

/**
 * Answers smaller than this are compressed at once, in the answer's own turn: it takes well under a millisecond,
 * less than handing them to the compression stream.
 */
const SMALL_ANSWER = 64 * 1024;

function encoded(entry: Entry, encoding: Encoding): Buffer {
  if (encoding === 'br') return (entry.br ??= compressed(entry.body, 'br', entry.typed));
  return (entry.gzip ??= compressed(entry.body, 'gzip', entry.typed));
}

/** A write that may have moved a version: only staff writes are audited (a login or a visitor's suggestion is not). */
function isSuccessfulStaffWrite(request: FastifyRequest, reply: FastifyReply): boolean {
  return request.account !== null && request.method !== 'GET' && request.method !== 'HEAD' && reply.statusCode < 400;
}

/** The parts whose every change the log of changed graves names the graves of: the sections, and `burials`. */
const isLogged = (scope: DataScope) => scope === 'burials' || (GENDERS as readonly DataScope[]).includes(scope);

/**
 * Whether a write to the `changed` parts changes an answer that shows `scopes`: of the answer of one grave (`own`, the
 * graves it shows), only when the log names one of them among the changed graves (`graves`: null when it cannot say).
 */
function changedBy(
  scopes: readonly DataScope[],
  own: readonly string[] | undefined,
  changed: readonly DataScope[],
  graves: ReadonlySet<string> | null,
  finds?: (graves: ReadonlySet<string>) => boolean,
): boolean {
  const hit = scopes.filter((scope) => changed.includes(scope));
  if (hit.length === 0) return false;
  if (own === undefined || graves === null || !hit.every(isLogged)) return true;
  return own.some((id) => graves.has(id)) || (finds !== undefined && finds(graves));
}

/**
 * The graves the log names for the sections' counter moves between `previous` and `current`; null when it cannot
 * say: a section's log no longer reaches back, or `burials` moved with no section (nothing names its graves).
 */
async function loggedGraves(
  db: AppContext['db'],
  changed: readonly DataScope[],
  previous: ReadonlyMap<DataScope, string>,
  current: ReadonlyMap<DataScope, string>,
): Promise<Set<string> | null> {
  const sections = GENDERS.filter((gender) => changed.includes(gender));
  if (sections.length === 0) return changed.includes('burials') ? null : new Set();
  const graves = new Set<string>();
  for (const gender of sections) {
    const from = Number(previous.get(gender));
    const to = Number(current.get(gender));
    if (!Number.isSafeInteger(from) || !Number.isSafeInteger(to) || to < from) return null;
    // A failed read only costs the answers of every grave, never the request (a write's answer waits for this).
    const ids = await gravesChangedSince(db, gender, from, to).catch(() => null);
    if (ids === null) return null;
    for (const id of ids) graves.add(id);
  }
  return graves;
}

async function answerCache(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  const entries = new Map<string, Entry>();
  let versions: Map<DataScope, string> | null = null;
  let checkedAt = 0;
  // The counters' reads in the order asked, and the latest one applied (they may finish out of order).
  let freshAsked = 0;
  let freshApplied = 0;
  let built = 0;
  let answeredAtDoor = 0;
  // One counter per part, moved whenever that part's answers are dropped. An answer whose reading began before a
  // write finishes after it: kept, it would serve the state from before that write until the next one, so an answer
  // is kept only if the generations of all the parts it shows are still those of when it began.
  const generations = new Map<DataScope, number>();
  const generationOf = (scopes: readonly DataScope[]) =>
    scopes.reduce((sum, scope) => sum + (generations.get(scope) ?? 0), 0);
  // One build per address at a time: after a write, the visitors asking for the same section at that moment wait
  // for the one build under way instead of each reading and serializing the whole section (a few MB apiece).
  const building = new Map<string, Promise<void>>();
  // Kept as promises, so requests arriving while it is computed share the one computation.
  const values = new Map<string, { value: Promise<unknown>; today: string; scopes: readonly DataScope[] }>();
  // What each drawing still current showed (Reading.mark), until it is released or a write changes it.
  const marks = new Map<ShownMark, { parts: readonly Shown[]; today: string }>();

  /** The bytes of `entries`, kept as they change (adding them up at each keep cost a walk of 2,000 entries). */
  let keptBytes = 0;
  /** The same for the entries asked with typed text, and their keys, oldest kept first. */
  let typedBytes = 0;
  const typedKeys = new Set<string>();
  /** The entries holding a search's check (oldest first), and what those checks hold. */
  let findsBytes = 0;
  const findsKeys = new Set<string>();
  const forget = (key: string) => {
    const gone = entries.get(key);
    if (!gone) return;
    keptBytes -= gone.counted ?? 0;
    if (typedKeys.delete(key)) typedBytes -= gone.counted ?? 0;
    if (findsKeys.delete(key)) findsBytes -= gone.findsBytes ?? 0;
    gone.counted = undefined;
    entries.delete(key);
  };
  /** An entry's compressed form, counted when it is made for a kept entry. */
  const encodedForm = (entry: Entry, encoding: Encoding) => {
    const form = encoded(entry, encoding);
    if (entry.counted !== undefined) {
      const bytes = bytesOf(entry);
      keptBytes += bytes - entry.counted;
      if (entry.typed) typedBytes += bytes - entry.counted;
      entry.counted = bytes;
    }
    return form;
  };
  /**
   * Drops the answers showing a changed part; of the answers of one grave, only those of the graves in `graves`
   * (the ones the log names for the changes: null when it cannot say), unless a part other than the graves changed.
   */
  const drop = (
    changed: readonly DataScope[],
    graves: ReadonlySet<string> | null = null,
    index: SearchIndex | null = null,
  ) => {
    for (const [key, entry] of entries) {
      // A name search's: without the index at the new counters, whoever lies in those graves may be found.
      const { finds } = entry;
      const found = finds && (index ? (ids: ReadonlySet<string>) => finds(index, ids) : () => true);
      if (changedBy(entry.scopes, entry.graves, changed, graves, found)) forget(key);
    }
    for (const [key, entry] of values) {
      if (entry.scopes.some((scope) => changed.includes(scope))) values.delete(key);
    }
    for (const [mark, { parts }] of marks) {
      if (parts.some((part) => changedBy(part.shows, part.graves, changed, graves))) marks.delete(mark);
    }
    for (const scope of changed) generations.set(scope, (generations.get(scope) ?? 0) + 1);
  };
  const keep = (key: string, entry: Entry) => {
    forget(key);
    const bytes = bytesOf(entry);
    if (entry.typed) {
      while (typedKeys.size > 0 && (typedKeys.size >= TYPED_MAX_ENTRIES || typedBytes + bytes > TYPED_MAX_BYTES)) {
        forget(typedKeys.values().next().value!);
      }
    }
    while (entries.size > 0 && (entries.size >= MAX_ENTRIES || keptBytes + bytes > MAX_BYTES)) {
      forget(entries.keys().next().value!);
    }
    entries.set(key, entry);
    entry.counted = bytes;
    keptBytes += bytes;
    if (entry.typed) {
      typedKeys.add(key);
      typedBytes += bytes;
    }
    if (entry.finds) {
      findsKeys.add(key);
      findsBytes += entry.findsBytes ?? 0;
      while (findsBytes > FINDS_MAX_BYTES) {
        const oldest = findsKeys.values().next().value!;
        findsKeys.delete(oldest);
        const kept = entries.get(oldest)!;
        findsBytes -= kept.findsBytes ?? 0;
        // Without its check, any write to the graves drops it.
        kept.finds = undefined;
        kept.graves = undefined;
      }
    }
    built++;
  };
  const usable = (key: string) => {
    const entry = entries.get(key);
    return entry && entry.today === ctx.today() ? entry : null;
  };
  /** The entry served as it is right now: the counters read within VERSION_CHECK_MS, kept today; else null. */
  const keptNow = (key: string) =>
    versions !== null && Date.now() - checkedAt < VERSION_CHECK_MS ? usable(key) : null;
  /** Waits for a build of `key` under way, if any; should it never end, it is forgotten after BUILD_WAIT_MS. */
  async function buildUnderWay(key: string): Promise<void> {
    const under = building.get(key);
    if (under && !(await settlesWithin(under, BUILD_WAIT_MS)) && building.get(key) === under) building.delete(key);
  }
  /** Marks this caller's build of `key` (unless another is marked); the function returned ends it. */
  function beginBuild(key: string): (() => void) | undefined {
    if (building.has(key)) return undefined;
    let finished!: () => void;
    const mine = new Promise<void>((resolve) => (finished = resolve));
    building.set(key, mine);
    return () => {
      if (building.get(key) === mine) building.delete(key);
      finished();
    };
  }

  /** Drops the answers of every part whose counter moved; at most every VERSION_CHECK_MS unless `now` (after a write). */
  async function fresh(now = false): Promise<void> {
    const time = Date.now();
    if (!now && time - checkedAt < VERSION_CHECK_MS && versions !== null) return;
    checkedAt = time;
    const asked = ++freshAsked;
    const current = await readVersions(ctx.db);
    const previous = versions;
    const changed =
      previous === null ? DATA_SCOPES : DATA_SCOPES.filter((scope) => previous.get(scope) !== current.get(scope));
    if (changed.length > 0) {
      let oneGrave = false;
      for (const entry of entries.values()) if ((oneGrave = entry.graves !== undefined)) break;
      if (!oneGrave) {
        for (const { parts } of marks.values()) if ((oneGrave = parts.some((part) => part.graves !== undefined))) break;
      }
      const graves = oneGrave && previous !== null ? await loggedGraves(ctx.db, changed, previous, current) : null;
      // The name searches kept ask the index who now lies in those graves: brought up to these counters first (it
      // reads those graves, as the next search would); a failure only drops them all.
      let searched = false;
      if (graves !== null) for (const entry of entries.values()) if ((searched = entry.finds !== undefined)) break;
      const index = searched ? await ctx.searchIndex.caughtUp(current).catch(() => null) : null;
      // A later check already applied newer counters (a read finishing late must not set older ones again: a
      // search would then be answered from an index a write behind one its client was told of).
      if (asked < freshApplied) return;
      drop(changed, graves, index);
    }
    if (asked < freshApplied) return;
    freshApplied = asked;
    versions = current;
  }

  function send(request: FastifyRequest, reply: FastifyReply, entry: Entry, cacheControl = 'no-cache'): FastifyReply {
    reply.header('ETag', entry.etag);
    reply.header('Cache-Control', cacheControl);
    reply.header('Vary', 'Accept-Encoding');
    if (request.headers['if-none-match'] === entry.etag) return reply.code(304).send();
    reply.type(entry.type);
    const encoding = entry.body.length >= COMPRESS_FROM ? pickEncoding(request.headers['accept-encoding']) : null;
    if (encoding) {
      reply.header('Content-Encoding', encoding);
      return reply.send(encodedForm(entry, encoding));
    }
    return reply.send(entry.body);
  }

  /**
   * A kept answer written straight to the socket, with the security headers and those `send` would set: the body in
   * the encoding asked for, or 304 for the ETag the client holds. Through the reply's whole pipeline (serialization
   * checks, the onSend hooks of compression and headers, onResponse) a kept answer of a few bytes ran at a third of
   * what a bare Node server does with the same bytes (bench/bareServer.mjs). The headers of each form of an entry are
   * put together once; `extra` are this request's own (HSTS, CORS), name, value…
   */
  function writeKeptTo(asked: IncomingHttpHeaders, raw: ServerResponse, entry: Entry, extra: string[]): void {
    const notModified = asked['if-none-match'] === entry.etag;
    const encoding = notModified || entry.body.length < COMPRESS_FROM ? null : pickEncoding(asked['accept-encoding']);
    const form = notModified ? 'notModified' : (encoding ?? 'plain');
    const body = notModified ? null : encoding ? encodedForm(entry, encoding) : entry.body;
    let headers = (entry.heads ??= {})[form];
    if (!headers) {
      headers = Object.entries(app.securityHeaders).flat();
      headers.push('etag', entry.etag, 'cache-control', 'no-cache', 'vary', 'Accept-Encoding');
      if (body) headers.push('content-type', entry.type, 'content-length', String(body.length));
      if (encoding) headers.push('content-encoding', encoding);
      entry.heads[form] = headers;
    }
    raw.writeHead(notModified ? 304 : 200, extra.length === 0 ? headers : [...headers, ...extra]);
    raw.end(body ?? undefined);
  }

  /** writeKeptTo from a route's hook: a cross-origin request (Origin) also carries the CORS headers its hook set. */
  function writeKept(request: FastifyRequest, reply: FastifyReply, entry: Entry): void {
    reply.hijack();
    const extra = app.overTls(request) ? ['strict-transport-security', STRICT_TRANSPORT_SECURITY] : [];
    if (request.headers.origin !== undefined) {
      const cors = Object.entries(reply.getHeaders()).filter(([name]) => name.startsWith('access-control-'));
      extra.push(...cors.flatMap(([name, value]) => [name, String(value)]));
    }
    writeKeptTo(request.headers, reply.raw, entry, extra);
  }

  /** Serves the kept answer once the counters are checked and a build under way has ended; false if none. */
  async function serveKeptLater(
    request: FastifyRequest,
    reply: FastifyReply,
    key: string,
    declared: AnswerCacheConfig,
  ) {
    await fresh();
    let entry = usable(key);
    if (!entry) {
      await buildUnderWay(key);
      entry = usable(key);
    }
    if (entry) {
      writeKept(request, reply, entry);
      app.logIfSlow(request, reply); // it may have waited for another request's build
      return true;
    }
    const state = request as CacheState;
    state.cacheKey = key;
    state.cacheScopes = declared.shows;
    const grave = declared.grave && (request.params as Record<string, string | undefined>)[declared.grave];
    if (grave) state.cacheGraves = [grave];
    if (declared.typed) state.cacheTyped = typedIn(request, declared.typed);
    state.cacheGeneration = generationOf(state.cacheScopes);
    state.cacheBuilt = beginBuild(key);
    return false;
  }

  /**
   * The onRequest hook of one route that declares its answer kept. The usual case (counters read within the second,
   * the answer kept) is answered in the same turn, without a promise; the rest waits in serveKeptLater.
   */
  const serveKeptFor =
    (declared: AnswerCacheConfig): onRequestHookHandler =>
    (request, reply, done) => {
      const key = keyOf(request, declared);
      if (key === null) return done();
      const entry = keptNow(key);
      // Answered: the reply is the hook's own from here (no done(), as for any answer sent from a hook).
      if (entry) return writeKept(request, reply, entry);
      serveKeptLater(request, reply, key, declared).then(
        (served) => served || done(),
        (error: Error) => done(error),
      );
    };

  // Whatever a successful write changed, this process will not serve it stale: the counters are read again before
  // the write's answer leaves, so the next read of the same client already misses the old answer.
  app.addHook('onSend', async (request, reply, payload) => {
    if (isSuccessfulStaffWrite(request, reply)) await fresh(true);
    return payload;
  });

  const keepAnswer = async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const state = request as CacheState;
    const key = state.cacheKey;
    const scopes = state.cacheScopes;
    if (!key || !scopes || reply.statusCode !== 200 || typeof payload !== 'string') return payload;
    app.logIfSlow(request, reply);
    const body = ownedText(payload);
    const entry: Entry = {
      body,
      etag: etagOf(body),
      type: String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8'),
      today: ctx.today(),
      scopes,
      ...(state.cacheGraves !== undefined && { graves: state.cacheGraves }),
      ...(state.cacheFinds && { finds: state.cacheFinds.finds, findsBytes: state.cacheFinds.bytes }),
      ...(state.cacheTyped && { typed: true }),
      ...(request.routeOptions.config.access === undefined && { open: true }),
    };
    if (state.cacheGeneration === generationOf(scopes)) keep(key, entry);
    reply.header('ETag', entry.etag);
    reply.header('Cache-Control', 'no-cache');
    reply.header('Vary', 'Accept-Encoding');
    if (request.headers['if-none-match'] === entry.etag) {
      reply.code(304);
      return '';
    }
    // A small answer leaves compressed from here (the compression plugin leaves an encoded answer as it is).
    const encoding =
      body.length >= COMPRESS_FROM && body.length < SMALL_ANSWER
        ? pickEncoding(request.headers['accept-encoding'])
        : null;
    if (encoding) {
      reply.header('Content-Encoding', encoding);
      return encodedForm(entry, encoding);
    }
    return payload;
  };

  // Only the routes that declare what they show get the cache's hooks, after those of the plugins registered
  // before it (the request ceiling counts a kept answer too) and before compression (it keeps the plain JSON).
  app.addHook('onRoute', (route) => {
    if (!route.config?.answerCache) return;
    route.onRequest = [...asArray(route.onRequest), serveKeptFor(route.config.answerCache)];
    route.onSend = [...asArray(route.onSend), keepAnswer];
  });

  // The build of a request whose client went away ends here, so nobody waits for it.
  app.addHook('onRequestAbort', async (request) => (request as CacheState).cacheBuilt?.());
  app.addHook('onResponse', async (request) => (request as CacheState).cacheBuilt?.());

  const cache: AnswerCache = {
    builds: () => built,
    answeredBeforeRouting: () => answeredAtDoor,
    async answer(request, reply, { key, shows: scopes }, produce) {
      await fresh();
      let entry = usable(key);
      if (!entry) {
        await buildUnderWay(key);
        entry = usable(key);
      }
      if (!entry) {
        const startedIn = generationOf(scopes);
        const today = ctx.today(); // the day the statuses are computed for
        const end = beginBuild(key);
        try {
          const body = ownedText(JSON.stringify(await produce()));
          entry = { body, etag: etagOf(body), type: 'application/json; charset=utf-8', today, scopes };
          if (startedIn === generationOf(scopes)) keep(key, entry);
        } finally {
          end?.();
        }
      }
      // Staff answers are private to the signed-in browser.
      return send(request, reply, entry, 'private, no-cache');
    },
    async remember<T>({ key, shows: scopes }: Kept, produce: () => Promise<T>): Promise<T> {
      await fresh();
      const today = ctx.today();
      const kept = values.get(key);
      if (kept && kept.today === today) return kept.value as Promise<T>;
      const value = produce();
      values.set(key, { value, today, scopes });
      // A failed computation is not kept: the next request tries again.
      value.catch(() => values.get(key)?.value === value && values.delete(key));
      return value;
    },
    async versions() {
      await fresh();
      return versions ?? readVersions(ctx.db);
    },
    alsoShowsGraves(request, ids) {
      const state = request as CacheState;
      if (!state.cacheGraves) return;
      for (const id of ids) if (id && !state.cacheGraves.includes(id)) state.cacheGraves.push(id);
    },
    searched(request, { graves, finds, bytes }) {
      const state = request as CacheState;
      state.cacheGraves = [...graves];
      state.cacheFinds = { finds, bytes };
    },
    serveBeforeRouting(request, response, overTls, admit) {
      const entry = request.url === undefined ? null : keptNow(request.url);
      if (!entry?.open || !admit()) return false;
      answeredAtDoor++;
      writeKeptTo(
        request.headers,
        response,
        entry,
        overTls ? ['strict-transport-security', STRICT_TRANSPORT_SECURITY] : [],
      );
      return true;
    },
    reading() {
      // As for an answer kept (keepAnswer): a drawing whose reading began before a write and ended after it would
      // show the state from before that write, so it is marked only if the parts it shows did not move meanwhile.
      const began = new Map(generations);
      const today = ctx.today();
      return {
        generation: generationOf(DATA_SCOPES),
        mark(shown) {
          const moved = shown.some((part) =>
            part.shows.some((scope) => (generations.get(scope) ?? 0) !== (began.get(scope) ?? 0)),
          );
          if (moved || today !== ctx.today()) return null;
          const mark: ShownMark = { release: () => marks.delete(mark) };
          marks.set(mark, { parts: shown, today });
          return mark;
        },
      };
    },
    async current(mark) {
      await fresh();
      return marks.get(mark)?.today === ctx.today();
    },
  };
  app.decorate('answerCache', cache);

  // Each value kept by name under its own key, with the parts it shows.
  const gravesKept = (key: string): Kept => ({ key, shows: GRAVE_SCOPES });
  app.decorate('keptAnswers', {
    graveSummaries: (build) => cache.remember(gravesKept('staff:grave-summaries'), build),
    gravesWithWarnings: (build) => cache.remember(gravesKept('staff:graves-with-warnings'), build),
    forecastFacts: (build) => cache.remember(gravesKept('staff:forecast-facts'), build),
    offlineBurials: (build) => cache.remember(gravesKept('offline-index:burials'), build),
    searchVersions: () => cache.versions(),
    showsGraves: (request, ids) => cache.alsoShowsGraves(request, ids),
  } satisfies KeptAnswers);
}

export default fp(answerCache, { name: 'answer-cache' });
