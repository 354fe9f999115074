// Opens the register's database: SQLite (better-sqlite3) for file:PATH, PostgreSQL (pg) for postgres://.
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type BetterSqlite3 from 'better-sqlite3';
import {
  Kysely,
  PostgresDialect,
  PostgresDriver,
  SqliteDialect,
  type CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type KyselyConfig,
  type QueryResult,
  type SqliteDatabase,
  type TransactionSettings,
} from 'kysely';
import type { Database } from './schema';

export type DialectName = 'sqlite' | 'postgres';

export interface Store {
  db: Kysely<Database>;
  dialect: DialectName;
  /** The SQLite file, for backups and integrity checks; null on PostgreSQL. */
  sqlitePath: string | null;
  /**
   * Opens the connections a visit's requests use at once (PostgreSQL; nothing on SQLite), so the first visitors
   * after a start do not each wait for one: a new connection and its first queries cost tens of milliseconds.
   */
  warm(): Promise<void>;
  close(): Promise<void>;
}

export function sqlitePathOf(url: string): string {
  return resolve(url.slice('file:'.length));
}

/** PostgreSQL connections opened at start and kept while idle: a page's first data asks a few answers at once. */
const WARM_CONNECTIONS = 4;

/** How many distinct statements stay prepared (the register asks a few hundred kinds of query). */
const PREPARED_STATEMENTS = 1000;

/**
 * Kysely prepares every query anew; under the benchmark's load that took an eighth of the server's time (measured
 * with --cpu-prof). Each SQL text is prepared once and its statement used again, unless it is busy (a statement
 * still iterating cannot run another query).
 */
function withStatementCache(sqlite: BetterSqlite3.Database): SqliteDatabase {
  const prepared = new Map<string, BetterSqlite3.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      let statement = prepared.get(sql);
      if (statement && !statement.busy) return statement;
      statement = sqlite.prepare(sql);
      if (prepared.size < PREPARED_STATEMENTS) prepared.set(sql, statement);
      return statement;
    },
  };
}

/** What may watch a store: each SQL statement it runs, as it runs (the tests' count of statements per request). */
export interface StoreOptions {
  onQuery?: (sql: string) => void;
}

/** Kysely's log, only when someone watches: without it no statement pays for a callback. */
function watched(onQuery: StoreOptions['onQuery']): Pick<KyselyConfig, 'log'> {
  if (!onQuery) return {};
  return {
    log: (event) => {
      if (event.level === 'query') onQuery(event.query.sql);
    },
  };
}

export async function openStore(databaseUrl: string, options: StoreOptions = {}): Promise<Store> {
  if (databaseUrl.startsWith('file:')) {
    const { default: SQLite } = await import('better-sqlite3');
    const path = sqlitePathOf(databaseUrl);
    mkdirSync(dirname(path), { recursive: true });
    const sqlite = new SQLite(path);
    // WAL lets readers run beside the writer; synchronous=FULL makes every acknowledged commit survive power loss.
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('synchronous = FULL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
    const db = new Kysely<Database>({
      dialect: new SqliteDialect({ database: withStatementCache(sqlite) }),
      ...watched(options.onQuery),
    });
    return { db, dialect: 'sqlite', sqlitePath: path, warm: async () => {}, close: () => db.destroy() };
  }
  const pg = await import('pg');
  // The connections kept open while idle (`min`; the pool's default closes every one after 10 s idle): a village's
  // visitors come minutes apart, and each would otherwise wait for a connection to open. TCP keep-alive, so that one
  // silently dropped by a firewall or a NAT while idle for hours is found dead by the system, not by a visitor's
  // query waiting minutes for it.
  const pool = new pg.default.Pool({
    connectionString: databaseUrl,
    max: 10,
    min: WARM_CONNECTIONS,
    keepAlive: true,
  });
  // An idle connection that the server drops (PostgreSQL restarted, an administrator ended it) is reported on the
  // pool; with no listener Node would treat it as an uncaught error and stop the whole register. The pool has
  // already discarded that connection and opens a new one for the next query, so a warning is all it needs.
  let closing = false;
  pool.on('error', (error) => {
    if (!closing)
      process.stderr.write(`PostgreSQL dropped an idle connection (${error.message}); it will be reopened.\n`);
  });
  const db = new Kysely<Database>({ dialect: new CommitOnceDialect({ pool }), ...watched(options.onQuery) });
  return {
    db,
    dialect: 'postgres',
    sqlitePath: null,
    warm: async () => {
      // Held together, so that each is a connection of its own; a table each reads a row of is in its caches.
      // Each one opened is given back, even when another could not be opened (the server's connection limit).
      const opened = await Promise.allSettled(Array.from({ length: WARM_CONNECTIONS }, () => pool.connect()));
      const clients = opened.flatMap((o) => (o.status === 'fulfilled' ? [o.value] : []));
      const asked = await Promise.allSettled(
        clients.map((client) => client.query('select 1 from graves limit 1; select 1 from burials limit 1')),
      );
      clients.forEach((client, i) => {
        const failed = asked[i]!;
        // A connection whose query failed is closed rather than kept.
        client.release(failed.status === 'rejected' ? (failed.reason as Error) : undefined);
      });
      const refused = [...opened, ...asked].find((o) => o.status === 'rejected');
      if (refused) throw refused.reason;
    },
    close: () => {
      closing = true;
      return db.destroy();
    },
  };
}

/**
 * A statement that ends its own transaction: the grave writes' last statement moves the section counters and commits
 * in the same round trip (markChangedAndCommit in data/graveFacts.ts), so the counters every write of a section
 * takes are held for no round trip more.
 */
const COMMITS_ITSELF = /;\s*commit\s*$/i;

/** Kysely's own PostgreSQL connection (its class is not exported; its driver gives it typed as any connection). */
type PostgresConnection = Parameters<PostgresDriver['releaseConnection']>[0];

/** A savepoint's name and the query compiler, as Kysely hands them to its driver. */
type SavepointArguments = Parameters<PostgresDriver['savepoint']> extends [unknown, ...infer Rest] ? Rest : never;

/** A connection that remembers whether its last statement committed its transaction. */
class CommitAwareConnection implements DatabaseConnection {
  committed = false;
  constructor(readonly inner: PostgresConnection) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    this.committed = false;
    const result = await this.inner.executeQuery<R>(query);
    this.committed = COMMITS_ITSELF.test(query.sql);
    return result;
  }

  streamQuery<R>(query: CompiledQuery, chunkSize: number): AsyncIterableIterator<QueryResult<R>> {
    this.committed = false;
    return this.inner.streamQuery<R>(query, chunkSize);
  }
}

/**
 * PostgreSQL's driver, except that a transaction already committed by its last statement is not sent a `commit`
 * again: that was a round trip for nothing on every write, and a warning in PostgreSQL's log each time ("there is
 * no transaction in progress").
 */
class CommitOnceDriver implements Driver {
  private readonly wrapped = new WeakMap<DatabaseConnection, CommitAwareConnection>();
  constructor(private readonly inner: PostgresDriver) {}

  init(): Promise<void> {
    return this.inner.init();
  }
  async acquireConnection(): Promise<CommitAwareConnection> {
    const connection = (await this.inner.acquireConnection()) as PostgresConnection;
    let aware = this.wrapped.get(connection);
    if (!aware) this.wrapped.set(connection, (aware = new CommitAwareConnection(connection)));
    return aware;
  }
  beginTransaction(connection: CommitAwareConnection, settings: TransactionSettings): Promise<void> {
    return this.inner.beginTransaction(connection, settings);
  }
  async commitTransaction(connection: CommitAwareConnection): Promise<void> {
    if (!connection.committed) await this.inner.commitTransaction(connection);
    connection.committed = false;
  }
  rollbackTransaction(connection: CommitAwareConnection): Promise<void> {
    return this.inner.rollbackTransaction(connection);
  }
  savepoint(connection: CommitAwareConnection, ...rest: SavepointArguments): Promise<void> {
    return this.inner.savepoint(connection, ...rest);
  }
  rollbackToSavepoint(connection: CommitAwareConnection, ...rest: SavepointArguments): Promise<void> {
    return this.inner.rollbackToSavepoint(connection, ...rest);
  }
  releaseSavepoint(connection: CommitAwareConnection, ...rest: SavepointArguments): Promise<void> {
    return this.inner.releaseSavepoint(connection, ...rest);
  }
  releaseConnection(connection: CommitAwareConnection): Promise<void> {
    connection.committed = false;
    return this.inner.releaseConnection(connection.inner);
  }
  destroy(): Promise<void> {
    return this.inner.destroy();
  }
}

class CommitOnceDialect extends PostgresDialect {
  constructor(private readonly config: ConstructorParameters<typeof PostgresDialect>[0]) {
    super(config);
  }
  override createDriver(): Driver {
    return new CommitOnceDriver(new PostgresDriver(this.config));
  }
}
