// One set of migrations for SQLite and PostgreSQL, run at start-up. Kysely's migrator takes a lock,
// so two processes starting together on one PostgreSQL run each migration once.
// A migration runs against the schema of its own time, not today's Database type, hence Kysely<any> (Kysely's advice).
/* eslint-disable @typescript-eslint/no-explicit-any */
import { Migrator, PostgresAdapter, sql, type Kysely, type Migration, type MigrationProvider } from 'kysely';

const migrations: Record<string, Migration> = {
  '0001_register': {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('graves')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('gender', 'text', (c) => c.notNull())
        .addColumn('number', 'text', (c) => c.notNull())
        .addColumn('number_value', 'integer')
        .addColumn('full', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addUniqueConstraint('graves_gender_number_unique', ['gender', 'number'])
        .execute();
      await db.schema
        .createTable('burials')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('grave_id', 'text', (c) => c.notNull().references('graves.id').onDelete('restrict'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('name_search', 'text', (c) => c.notNull())
        .addColumn('burial_date', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('burials_grave_date').on('burials').columns(['grave_id', 'burial_date']).execute();
      await db.schema.createIndex('burials_date').on('burials').columns(['burial_date', 'created_at']).execute();
      await db.schema
        .createTable('articles')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('content', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('articles_created').on('articles').column('created_at').execute();
      await db.schema
        .createTable('suggestions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('text', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('phone', 'text', (c) => c.notNull())
        .addColumn('submitted_by', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('suggestions_status_created')
        .on('suggestions')
        .columns(['status', 'created_at'])
        .execute();
      await db.schema
        .createTable('accounts')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('email_lower', 'text', (c) => c.notNull().unique())
        .addColumn('password_hash', 'text', (c) => c.notNull())
        .addColumn('role', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('settings')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .execute();
      // Failed logins and sent suggestions, counted per key in a window; kept in the database so several
      // server processes on one PostgreSQL share one allowance.
      await db.schema
        .createTable('throttle')
        .addColumn('key', 'text', (c) => c.notNull())
        // Seconds since the epoch: bigint, as PostgreSQL's integer ends in January 2038 (SQLite's is 64-bit anyway).
        .addColumn('at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('throttle_key_at').on('throttle').columns(['key', 'at']).execute();
      await db.schema
        .createTable('audit_log')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('at', 'text', (c) => c.notNull())
        .addColumn('account_id', 'text')
        .addColumn('account_email', 'text', (c) => c.notNull())
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('entity', 'text', (c) => c.notNull())
        .addColumn('entity_id', 'text', (c) => c.notNull())
        .addColumn('before_json', 'text')
        .addColumn('after_json', 'text')
        .execute();
      await db.schema.createIndex('audit_at').on('audit_log').column('at').execute();
    },
  },
  '0002_data_version': {
    // A counter every audited write moves, so several processes can tell when their cached answers went stale.
    async up(db: Kysely<any>) {
      await db.insertInto('settings').values({ key: 'data_version', value: '0' }).execute();
    },
  },
  '0003_data_versions': {
    // One counter per part of the register (see data/dataVersions.ts) instead of one for everything: a write to one
    // section no longer throws away the cached answers of the others. The names are written out: a migration must
    // not change when the code's list does.
    async up(db: Kysely<any>) {
      const scopes = ['men', 'women', 'bones', 'articles', 'suggestions'];
      await db
        .insertInto('settings')
        .values(scopes.map((scope) => ({ key: `data_version:${scope}`, value: '0' })))
        .execute();
      await db.deleteFrom('settings').where('key', '=', 'data_version').execute();
    },
  },
  '0004_register_import': {
    // Bringing a paper register in: each import or typed batch is recorded so it can be listed and undone
    // as a whole; a burial keeps its batch, its ledger notes, whether its date is a year alone, the history rule's
    // warning, and when it was last corrected (a corrected burial stops its batch from being undone).
    // One column per statement: SQLite's ALTER TABLE adds one at a time.
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('import_batches')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('file_name', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('account_id', 'text')
        .addColumn('account_email', 'text', (c) => c.notNull())
        .addColumn('rows_read', 'integer', (c) => c.notNull())
        .addColumn('graves_created', 'integer', (c) => c.notNull())
        .addColumn('burials_added', 'integer', (c) => c.notNull())
        .addColumn('undone_at', 'text')
        .execute();
      await db.schema.createIndex('import_batches_created').on('import_batches').column('created_at').execute();
      await db.schema.alterTable('burials').addColumn('batch_id', 'text').execute();
      await db.schema.alterTable('burials').addColumn('notes', 'text').execute();
      await db.schema
        .alterTable('burials')
        .addColumn('date_precision', 'text', (c) => c.notNull().defaultTo('day'))
        .execute();
      await db.schema.alterTable('burials').addColumn('warning_json', 'text').execute();
      await db.schema.alterTable('burials').addColumn('updated_at', 'text').execute();
      await db.schema.alterTable('graves').addColumn('batch_id', 'text').execute();
      await db.schema.createIndex('burials_batch').on('burials').column('batch_id').execute();
      await db.schema.createIndex('graves_batch').on('graves').column('batch_id').execute();
    },
  },
  '0005_burial_moves': {
    // Remains moved to the ossuary: the burial row moves to the bone section and each move is kept,
    // so the first grave's history still shows the person, and the bone section says where they came from.
    // The first grave's section and number are written down too: that grave may be deleted once empty.
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('burial_moves')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('burial_id', 'text', (c) => c.notNull().references('burials.id').onDelete('cascade'))
        .addColumn('from_grave_id', 'text', (c) => c.references('graves.id').onDelete('set null'))
        .addColumn('from_gender', 'text', (c) => c.notNull())
        .addColumn('from_number', 'text', (c) => c.notNull())
        .addColumn('to_grave_id', 'text', (c) => c.notNull().references('graves.id').onDelete('restrict'))
        .addColumn('moved_on', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('burial_moves_burial').on('burial_moves').column('burial_id').execute();
      await db.schema.createIndex('burial_moves_from').on('burial_moves').column('from_grave_id').execute();
    },
  },
  '0006_grave_positions': {
    // Where a grave is, as a phone standing at it reads it: decimal degrees, kept as text like every
    // other value (the same on both engines); both or neither.
    async up(db: Kysely<any>) {
      await db.schema.alterTable('graves').addColumn('latitude', 'text').execute();
      await db.schema.alterTable('graves').addColumn('longitude', 'text').execute();
    },
  },
  '0007_plan_rows': {
    // The rows of the cemetery plan the committee names per section, in the committee's order. A
    // section without rows is drawn in rows of ten by number. The plan's answers have their own change counter.
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('plan_rows')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('gender', 'text', (c) => c.notNull())
        .addColumn('position', 'integer', (c) => c.notNull())
        .addColumn('label', 'text', (c) => c.notNull())
        .addColumn('from_number', 'integer', (c) => c.notNull())
        .addColumn('to_number', 'integer', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('plan_rows_gender').on('plan_rows').columns(['gender', 'position']).execute();
      await db.insertInto('settings').values({ key: 'data_version:plan', value: '0' }).execute();
    },
  },
  '0008_burials_version': {
    // A counter for the burials and the graves already on record (data/dataVersions.ts), so that adding
    // an empty grave no longer throws away the search answers, the recent burials and every grave's page.
    async up(db: Kysely<any>) {
      await db.insertInto('settings').values({ key: 'data_version:burials', value: '0' }).execute();
    },
  },
  '0009_account_control': {
    // The committee controls sessions and accounts. A token carries its account's session generation and
    // is refused once the generation moves on (a password, role or disable change, or "sign out everywhere");
    // a disabled account keeps its row (the audit trail names it) but cannot sign in.
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable('accounts')
        .addColumn('session_generation', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.alterTable('accounts').addColumn('disabled_at', 'text').execute();
      await db.schema.alterTable('accounts').addColumn('last_login_at', 'text').execute();
    },
  },
  '0010_token_secret': {
    // The generated token secret gets a table of its own, so that a backup can leave it out (server/data/backup.ts
    // empties it in the copy; pg_dump --exclude-table-data=token_secret) and a leaked backup cannot forge a session.
    // The secret kept in settings until now is not moved but dropped: it is in every backup taken so far, so it must
    // be taken as known. Start-up generates a new one (sessions signed with the old one end once, at this upgrade).
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('token_secret')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .execute();
      await db.deleteFrom('settings').where('key', '=', 'jwt_secret').execute();
    },
  },
  '0011_revoked_tokens': {
    // Signing out ends that one session on the server, for every process sharing the database. A token
    // names itself (its jti); a signed-out one is kept here until it would have expired anyway, then pruned.
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('revoked_tokens')
        .addColumn('jti', 'text', (c) => c.primaryKey())
        // Seconds since the epoch, bigint as in throttle (PostgreSQL's integer ends in 2038).
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('revoked_tokens_expires').on('revoked_tokens').column('expires_at').execute();
    },
  },
  '0012_removed_burials': {
    // A burial's deletion can be undone by a manager within 30 days. The deleted row leaves `burials` (so
    // every read, count, search and export stays as it was) and is kept here whole, with its moves to the ossuary,
    // until it is restored. Kept as JSON text, the same on both engines.
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('removed_burials')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('grave_id', 'text', (c) => c.notNull())
        .addColumn('row_json', 'text', (c) => c.notNull())
        .addColumn('moves_json', 'text', (c) => c.notNull())
        .addColumn('removed_at', 'text', (c) => c.notNull())
        .execute();
    },
  },
  '0013_site_identity': {
    // The village's identity is data (settings key `site_identity`, JSON), changed by a manager at runtime;
    // its counter drops the answers and pages that show it, in every process sharing the database.
    async up(db: Kysely<any>) {
      await db.insertInto('settings').values({ key: 'data_version:site', value: '0' }).execute();
      // Present from the start, so a change can lock it (two first changes at once would both insert it otherwise).
      await db.insertInto('settings').values({ key: 'site_identity', value: '{}' }).execute();
    },
  },
  '0014_site_files': {
    // The committee's logo, made into the PNGs the pages and the manifest name (server/data/siteFiles.ts),
    // kept in the database so that every process sharing it serves them. Bytes: blob on SQLite, bytea on PostgreSQL.
    async up(db: Kysely<any>) {
      const bytes = db.getExecutor().adapter instanceof PostgresAdapter ? 'bytea' : 'blob';
      await db.schema
        .createTable('site_files')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('content_type', 'text', (c) => c.notNull())
        .addColumn('bytes', bytes, (c) => c.notNull())
        .addColumn('etag', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
    },
  },
  '0015_notices': {
    // Death notices. The prayer is kept as the committee wrote it (local YYYY-MM-DDTHH:mm, with its zone)
    // and as the instant it names (ISO, UTC) for ordering; condolences as JSON text, the same on both engines. A
    // notice outlives its grave and burial: deleting either leaves the notice, unlinked (set null). Its answers have
    // their own change counter.
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('notices')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('relations', 'text')
        .addColumn('prayer_at', 'text', (c) => c.notNull())
        .addColumn('prayer_instant', 'text', (c) => c.notNull())
        .addColumn('time_zone', 'text', (c) => c.notNull())
        .addColumn('mosque', 'text', (c) => c.notNull())
        .addColumn('after_prayer', 'text')
        .addColumn('grave_id', 'text', (c) => c.references('graves.id').onDelete('set null'))
        .addColumn('burial_id', 'text', (c) => c.references('burials.id').onDelete('set null'))
        .addColumn('condolences_json', 'text', (c) => c.notNull())
        .addColumn('ends_at', 'text', (c) => c.notNull())
        .addColumn('hidden', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('notices_ends').on('notices').columns(['hidden', 'ends_at']).execute();
      await db.schema.createIndex('notices_prayer').on('notices').column('prayer_instant').execute();
      await db.schema.createIndex('notices_grave').on('notices').column('grave_id').execute();
      await db.schema.createIndex('notices_burial').on('notices').column('burial_id').execute();
      await db.insertInto('settings').values({ key: 'data_version:notices', value: '0' }).execute();
    },
  },
  '0016_corrections_photos': {
    // A family's correction of one burial, kept with the burial as it stood when it was sent (so a staff
    // member sees whether it changed since) and a private follow-up token of its own; and the photos of a grave, whose
    // files live in the photos folder (PHOTOS_DIR), the rows saying which are approved and which one is shown first.
    // A correction outlives its burial (the burial may be removed: burial_id stays, the staff can only reject it). The
    // photos' public answers have their own change counter.
    async up(db: Kysely<any>) {
      await db.schema
        .createTable('corrections')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('follow_token', 'text', (c) => c.notNull().unique())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('burial_id', 'text', (c) => c.notNull())
        .addColumn('grave_id', 'text', (c) => c.notNull())
        .addColumn('gender', 'text', (c) => c.notNull())
        .addColumn('grave_number', 'text', (c) => c.notNull())
        .addColumn('was_name', 'text', (c) => c.notNull())
        .addColumn('was_date', 'text', (c) => c.notNull())
        .addColumn('was_precision', 'text', (c) => c.notNull())
        .addColumn('name', 'text')
        .addColumn('burial_date', 'text')
        .addColumn('date_precision', 'text')
        .addColumn('note', 'text')
        .addColumn('sender_name', 'text', (c) => c.notNull())
        .addColumn('sender_phone', 'text', (c) => c.notNull())
        .addColumn('reason', 'text')
        .addColumn('applied_json', 'text')
        .addColumn('decided_by', 'text')
        .addColumn('decided_at', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('corrections_status_created')
        .on('corrections')
        .columns(['status', 'created_at'])
        .execute();
      await db.schema.createIndex('corrections_burial').on('corrections').column('burial_id').execute();
      await db.schema
        .createTable('grave_photos')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('grave_id', 'text', (c) => c.notNull().references('graves.id').onDelete('cascade'))
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('cover', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('width', 'integer', (c) => c.notNull())
        .addColumn('height', 'integer', (c) => c.notNull())
        .addColumn('thumb_width', 'integer', (c) => c.notNull())
        .addColumn('thumb_height', 'integer', (c) => c.notNull())
        .addColumn('bytes', 'integer', (c) => c.notNull())
        .addColumn('sent_by_staff', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('sender_name', 'text')
        .addColumn('sender_phone', 'text')
        .addColumn('added_by', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('grave_photos_grave').on('grave_photos').columns(['grave_id', 'status']).execute();
      await db.schema.createIndex('grave_photos_status').on('grave_photos').columns(['status', 'created_at']).execute();
      await db.insertInto('settings').values({ key: 'data_version:photos', value: '0' }).execute();
    },
  },
  '0017_grave_facts': {
    // A city's register (100,000 graves, 300,000 burials) on a small machine. Each grave keeps the two
    // facts its status and the sections' figures are read from (its newest burial day and how many lie in it),
    // set write by write (server/data/graveFacts.ts), so the next grave, the statistics and a page of a section are
    // read through an index instead of grouping every burial. The log of changed graves lets every process read
    // again only the graves another one changed (the search index, the kept answers) instead of everything.
    async up(db: Kysely<any>) {
      await db.schema.alterTable('graves').addColumn('last_burial_date', 'text').execute();
      await db.schema
        .alterTable('graves')
        .addColumn('burial_count', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await sql`update graves set
        last_burial_date = (select max(b.burial_date) from burials b where b.grave_id = graves.id),
        burial_count = (select count(*) from burials b where b.grave_id = graves.id)`.execute(db);
      await db.schema
        .createIndex('graves_section_order')
        .on('graves')
        .columns(['gender', 'number_value', 'number'])
        .execute();
      // The available graves of a section, the longest-available first then by number (the next grave), and the
      // burial counts summed from the index alone (the statistics), without reading the table.
      await db.schema
        .createIndex('graves_section_open')
        .on('graves')
        .columns(['gender', 'full', 'last_burial_date', 'number_value', 'number', 'burial_count'])
        .execute();
      await db.schema
        .createTable('grave_changes')
        .addColumn('gender', 'text', (c) => c.notNull())
        .addColumn('version', 'integer', (c) => c.notNull())
        .addColumn('grave_id', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('grave_changes_version').on('grave_changes').columns(['gender', 'version']).execute();
    },
  },
  '0018_burial_moves_to': {
    // Where the remains in a grave were moved from (a search answer, a grave page, the bones section) was
    // read from the burials of those graves: without an index on the move's destination, SQLite drove the join from
    // every burial of the graves named (33 ms a search at 300,000 burials) instead of from their few moves.
    async up(db: Kysely<any>) {
      await db.schema.createIndex('burial_moves_to').on('burial_moves').column('to_grave_id').execute();
    },
  },
  '0019_section_tallies': {
    // The home page's figures (burials by section, available graves) were summed over every grave's kept
    // facts on each ask: 20–50 ms in a city's register, for every process after every write. Each change of a grave's
    // section, full mark or count of burials now adds a row of differences here, written by the database itself
    // (triggers), so no write of any path can forget it, and the figures are the sums of a few rows. Rows are only
    // ever added by writes (no row that two writes would both update and wait for); server/data/sectionTallies.ts
    // folds them into one row per section now and then.
    async up(db: Kysely<any>) {
      const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
      const steps = async (trx: Kysely<any>) => {
        // A PostgreSQL dump of an older version restored with --clean leaves this version's table behind.
        await sql`drop table if exists section_tallies`.execute(trx);
        await trx.schema
          .createTable('section_tallies')
          .addColumn('gender', 'text', (c) => c.notNull())
          .addColumn('graves', 'integer', (c) => c.notNull())
          .addColumn('open_graves', 'integer', (c) => c.notNull())
          .addColumn('burials', 'integer', (c) => c.notNull())
          .execute();
        // No write of another process (one still running the older version) may land between the sums read here
        // and the triggers: on PostgreSQL the graves are locked against writes until the migration commits (as
        // CREATE TRIGGER would lock them, but only from there on).
        if (postgres) await sql`lock table graves in share row exclusive mode`.execute(trx);
        await sql`insert into section_tallies (gender, graves, open_graves, burials)
          select gender, count(*), sum(case when "full" = 0 then 1 else 0 end), sum(burial_count)
          from graves group by gender`.execute(trx);
        if (postgres) {
          await sql`create or replace function graves_tally() returns trigger language plpgsql as $$
            begin
              if tg_op in ('UPDATE', 'DELETE') then
                insert into section_tallies (gender, graves, open_graves, burials)
                values (old.gender, -1, case when old."full" = 0 then -1 else 0 end, -old.burial_count);
              end if;
              if tg_op in ('UPDATE', 'INSERT') then
                insert into section_tallies (gender, graves, open_graves, burials)
                values (new.gender, 1, case when new."full" = 0 then 1 else 0 end, new.burial_count);
              end if;
              return null;
            end $$`.execute(trx);
          await sql`drop trigger if exists graves_tally_added_removed on graves`.execute(trx);
          await sql`drop trigger if exists graves_tally_changed on graves`.execute(trx);
          await sql`create trigger graves_tally_added_removed after insert or delete on graves
            for each row execute function graves_tally()`.execute(trx);
          await sql`create trigger graves_tally_changed after update of gender, "full", burial_count on graves
            for each row when (old.gender is distinct from new.gender or old."full" is distinct from new."full"
              or old.burial_count is distinct from new.burial_count)
            execute function graves_tally()`.execute(trx);
          return;
        }
        const added = (row: string, sign: string) =>
          `insert into section_tallies (gender, graves, open_graves, burials) values
            (${row}.gender, ${sign}1, ${sign}(case when ${row}."full" = 0 then 1 else 0 end), ${sign}${row}.burial_count);`;
        await sql
          .raw(`create trigger graves_tally_added after insert on graves begin ${added('new', '')} end`)
          .execute(trx);
        await sql
          .raw(`create trigger graves_tally_removed after delete on graves begin ${added('old', '-')} end`)
          .execute(trx);
        await sql
          .raw(
            `create trigger graves_tally_changed after update of gender, "full", burial_count on graves
              when old.gender is not new.gender or old."full" is not new."full" or old.burial_count is not new.burial_count
              begin ${added('old', '-')} ${added('new', '')} end`,
          )
          .execute(trx);
      };
      // The migrator runs each migration in a transaction on PostgreSQL only: on SQLite this one is made whole here.
      if (postgres) await steps(db);
      else await db.transaction().execute(steps);
    },
  },
  '0020_pending_senders': {
    // What visitors leave waiting is capped per client (src/domain/rules/pending.ts): a pending photo or correction
    // keeps the client it came from (as the throttles count clients), until it is decided. Counted by status and
    // client, and a grave's pending corrections by grave.
    async up(db: Kysely<any>) {
      await db.schema.alterTable('grave_photos').addColumn('sender_client', 'text').execute();
      await db.schema.alterTable('corrections').addColumn('sender_client', 'text').execute();
      await db.schema
        .createIndex('grave_photos_pending_client')
        .on('grave_photos')
        .columns(['status', 'sender_client'])
        .execute();
      await db.schema
        .createIndex('corrections_pending_client')
        .on('corrections')
        .columns(['status', 'sender_client'])
        .execute();
      await db.schema.createIndex('corrections_grave').on('corrections').columns(['grave_id', 'status']).execute();
    },
  },
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrate(db: Kysely<any>): Promise<void> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(`database migration ${failed} failed: ${String((error as Error).message ?? error)}`);
  }
}
