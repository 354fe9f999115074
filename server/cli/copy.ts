// npm run copy -- --from SOURCE --to TARGET [--replace]
// Moves a village's register between SQLite and PostgreSQL (either way, or between two of the same): every table
// with its accounts, audit and settings (server/data/copyRegister.ts). SOURCE and TARGET are a SQLite file (a path
// or file:PATH) or a postgres:// URL. Both are brought to this version's schema first, as npm start would. The target
// must hold no register unless --replace (then its rows are deleted in the same transaction). Prints the rows per
// table on both sides; exits 0 only when they match, 2 when refused (usage, a target in use), 1 on a failure, which
// leaves the target as it was.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { openStore, sqlitePathOf, type Store } from '../db/connect';
import { migrate } from '../db/migrations';
import { databaseUrlFrom } from '../start/config';
import { copyRegister, CopyMismatchWithCounts, TargetNotEmpty, type TableCount } from '../data/copyRegister';

const USAGE = `usage: npm run copy -- --from SOURCE --to TARGET [--replace]
  SOURCE, TARGET: a SQLite file (data/cemetery.sqlite or file:data/cemetery.sqlite) or postgres://user:pass@host/db
  --replace: empty a target that already holds a register, in the same transaction as the copy`;

class Refusal extends Error {}

/** A path or file:PATH → file:ABSOLUTE; a postgres:// URL as it is (through the same rule as DATABASE_URL). */
function databaseOf(value: string): string {
  const v = value.trim();
  if (/^postgres(ql)?:\/\//.test(v)) return databaseUrlFrom(v);
  const path = v.startsWith('file:') ? v.slice('file:'.length) : v;
  if (path === '') throw new Refusal(USAGE);
  return `file:${resolve(path)}`;
}

/** A URL without its password, for the printed lines. */
function shown(url: string): string {
  if (url.startsWith('file:')) return sqlitePathOf(url);
  const u = new URL(url);
  if (u.password) u.password = '***';
  return u.toString();
}

function table(counts: TableCount[]): string {
  const width = Math.max(...counts.map((c) => c.table.length), 'table'.length);
  const lines = counts.map(
    (c) =>
      `  ${c.table.padEnd(width)}  ${String(c.source).padStart(8)}  ${String(c.target).padStart(8)}${c.source === c.target ? '' : '  differs'}`,
  );
  return [`  ${'table'.padEnd(width)}  ${'source'.padStart(8)}  ${'target'.padStart(8)}`, ...lines].join('\n');
}

async function main(argv: string[]): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: { from: { type: 'string' }, to: { type: 'string' }, replace: { type: 'boolean', default: false } },
  });
  if (!values.from || !values.to) throw new Refusal(USAGE);
  const from = databaseOf(values.from);
  const to = databaseOf(values.to);
  if (from === to) throw new Refusal('the source and the target are the same database');
  if (from.startsWith('file:') && !existsSync(sqlitePathOf(from))) {
    throw new Refusal(`there is no SQLite file at ${sqlitePathOf(from)}`);
  }
  const stores: Store[] = [];
  try {
    const source = await openStore(from);
    stores.push(source);
    const target = await openStore(to);
    stores.push(target);
    await migrate(source.db);
    await migrate(target.db);
    console.log(`Copying the register from ${shown(from)} to ${shown(to)}${values.replace ? ' (replacing it)' : ''}…`);
    const result = await copyRegister(source, target, { replace: values.replace });
    console.log(table(result.counts));
    for (const { table: name, reason } of result.skipped) console.log(`  (${name} not copied: ${reason})`);
    console.log('Every table has the same rows on both sides. Point DATABASE_URL at the target and start the app.');
  } catch (error) {
    if (error instanceof CopyMismatchWithCounts) {
      console.error(table(error.counts));
      console.error('Nothing was kept in the target.');
    }
    if (error instanceof TargetNotEmpty) throw new Refusal(`Refused: ${error.message}. Nothing was changed.`);
    throw error;
  } finally {
    for (const store of stores) await store.close();
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  if (error instanceof Refusal) {
    console.error(error.message);
    process.exit(2);
  }
  console.error(`Copy failed, the target is as it was: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
