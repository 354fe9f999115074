// A fresh, empty PostgreSQL database per test server on the cluster of TEST_DATABASE_URL, dropped afterwards.
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL?.trim() || null;

export async function freshPostgresDatabase(serverUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `cemetery_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      try {
        await c.query(`drop database if exists ${name} with (force)`);
      } finally {
        await c.end();
      }
    },
  };
}

/** The engines a server suite runs on: always SQLite, PostgreSQL when TEST_DATABASE_URL is set. */
export const ENGINES: ReadonlyArray<{ name: 'sqlite' | 'postgres'; databaseUrl?: string }> = [
  { name: 'sqlite' },
  ...(TEST_DATABASE_URL ? [{ name: 'postgres' as const, databaseUrl: TEST_DATABASE_URL }] : []),
];
