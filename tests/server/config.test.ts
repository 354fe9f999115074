// Configuration: a bad value stops start-up with a one-line reason; an unset JWT_SECRET is generated once and kept
// in the database (token_secret), so a token survives a restart.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { ConfigError, loadConfig } from '../../server/start/config';
import { prepare } from '../../server/start/startup';
import { ensureDemoAccounts } from '../../server/seed/generator';
import { signIn } from '../support/fixtures';
import { ENGINES, freshPostgresDatabase } from '../support/postgres';
import { call } from './helpers';

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 3000,
      databaseUrl: 'file:data/cemetery.sqlite',
      jwtSecret: null,
      tokenTtlSeconds: 12 * 3600,
      restingPeriodDays: 365,
      timeZone: 'Africa/Cairo',
      managerEmail: null,
      corsOrigins: [],
    });
  });

  it('keeps the photos beside the SQLite file, in data/photos on PostgreSQL, or in PHOTOS_DIR', () => {
    expect(loadConfig({}).photosDir).toBe(resolve('data/photos'));
    expect(loadConfig({ DATABASE_URL: 'file:/srv/north/cemetery.sqlite' }).photosDir).toBe('/srv/north/photos');
    expect(loadConfig({ DATABASE_URL: 'postgres://u:p@db.example.com:5432/south' }).photosDir).toBe(
      resolve('data/photos'),
    );
    expect(loadConfig({ DATABASE_URL: 'postgres://u:p@db/x', PHOTOS_DIR: '/mnt/shared/photos' }).photosDir).toBe(
      '/mnt/shared/photos',
    );
  });

  it('bounds what decoding a sent image may hold: 64 MB, or IMAGE_DECODE_BUDGET_MB', () => {
    expect(loadConfig({}).imageDecodeBudgetMb).toBe(64);
    expect(loadConfig({ IMAGE_DECODE_BUDGET_MB: '256' }).imageDecodeBudgetMb).toBe(256);
  });

  it('reads good values', () => {
    const c = loadConfig({
      PORT: '8080',
      DATABASE_URL: 'postgres://u:p@db.example.com:5432/cemetery',
      JWT_SECRET: 'x'.repeat(32),
      TOKEN_TTL: '90m',
      RESTING_PERIOD_DAYS: '30',
      TIMEZONE: 'Europe/London',
      MANAGER_EMAIL: 'boss@example.com',
      MANAGER_PASSWORD: 'long-enough',
      CORS_ORIGINS: 'https://a.example.com, http://localhost:5173',
    });
    expect(c).toMatchObject({
      port: 8080,
      tokenTtlSeconds: 5400,
      restingPeriodDays: 30,
      timeZone: 'Europe/London',
      managerEmail: 'boss@example.com',
      corsOrigins: ['https://a.example.com', 'http://localhost:5173'],
    });
    expect(loadConfig({ TOKEN_TTL: '3600' }).tokenTtlSeconds).toBe(3600);
    expect(loadConfig({ TOKEN_TTL: '7d' }).tokenTtlSeconds).toBe(7 * 86400);
  });

  it("keeps visitors' pending photos 30 days and 500 MB of them by default; PENDING_PHOTO_DAYS, PENDING_PHOTOS_MAX_MB", () => {
    expect(loadConfig({})).toMatchObject({ pendingPhotoDays: 30, pendingPhotosMaxBytes: 500 * 1024 * 1024 });
    expect(loadConfig({ PENDING_PHOTO_DAYS: '7', PENDING_PHOTOS_MAX_MB: '2048' })).toMatchObject({
      pendingPhotoDays: 7,
      pendingPhotosMaxBytes: 2048 * 1024 * 1024,
    });
  });

  it.each([
    ['PENDING_PHOTO_DAYS', { PENDING_PHOTO_DAYS: '0' }, /PENDING_PHOTO_DAYS/],
    ['PENDING_PHOTO_DAYS', { PENDING_PHOTO_DAYS: 'a month' }, /PENDING_PHOTO_DAYS/],
    ['PENDING_PHOTOS_MAX_MB', { PENDING_PHOTOS_MAX_MB: '0' }, /PENDING_PHOTOS_MAX_MB/],
    ['PENDING_PHOTOS_MAX_MB', { PENDING_PHOTOS_MAX_MB: '1.5' }, /PENDING_PHOTOS_MAX_MB/],
    ['PORT', { PORT: 'eighty' }, /PORT/],
    ['PORT', { PORT: '70000' }, /PORT/],
    ['PORT', { PORT: '-1' }, /PORT/],
    ['TOKEN_TTL', { TOKEN_TTL: 'forever' }, /TOKEN_TTL/],
    ['TOKEN_TTL', { TOKEN_TTL: '10s' }, /TOKEN_TTL/],
    ['TOKEN_TTL', { TOKEN_TTL: '1000d' }, /TOKEN_TTL/],
    ['TIMEZONE', { TIMEZONE: 'Mars/Olympus' }, /TIMEZONE/],
    ['DATABASE_URL', { DATABASE_URL: 'mysql://localhost/db' }, /DATABASE_URL/],
    ['DATABASE_URL', { DATABASE_URL: 'file:' }, /DATABASE_URL/],
    ['DATABASE_URL', { DATABASE_URL: 'cemetery.sqlite' }, /DATABASE_URL/],
    ['JWT_SECRET', { JWT_SECRET: 'short-secret' }, /JWT_SECRET/],
    ['MANAGER_EMAIL', { MANAGER_EMAIL: 'boss@example.com' }, /MANAGER_EMAIL/],
    ['MANAGER_PASSWORD', { MANAGER_PASSWORD: 'long-enough' }, /MANAGER_PASSWORD/],
    ['RESTING_PERIOD_DAYS', { RESTING_PERIOD_DAYS: '1.5' }, /RESTING_PERIOD_DAYS/],
    ['RESTING_PERIOD_DAYS', { RESTING_PERIOD_DAYS: 'a year' }, /RESTING_PERIOD_DAYS/],
    ['CORS_ORIGINS', { CORS_ORIGINS: 'example.com' }, /CORS_ORIGINS/],
    ['IMAGE_DECODE_BUDGET_MB', { IMAGE_DECODE_BUDGET_MB: '8' }, /IMAGE_DECODE_BUDGET_MB/],
    ['IMAGE_DECODE_BUDGET_MB', { IMAGE_DECODE_BUDGET_MB: '64 MB' }, /IMAGE_DECODE_BUDGET_MB/],
  ] as const)('a bad %s stops start-up with a one-line reason (%j)', (_name, env, reason) => {
    let error: unknown;
    try {
      loadConfig(env);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toMatch(reason);
    expect(message).not.toContain('\n');
    expect(message.length).toBeLessThan(200);
  });
});

describe.each(ENGINES)('the generated token secret on $name', ({ databaseUrl }) => {
  it('JWT_SECRET unset: the secret is stored and reused, so a token from before a restart still works', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cemetery-secret-'));
    const pg = databaseUrl ? await freshPostgresDatabase(databaseUrl) : null;
    const url = pg ? pg.url : `file:${join(dir, 'register.sqlite')}`;
    const start = async () => {
      const config = {
        ...loadConfig({}),
        databaseUrl: url,
        port: 0,
        host: '127.0.0.1',
        staticDir: null,
        logLevel: 'silent' as const,
      };
      const { store, ctx } = await prepare(config);
      const app = await buildApp(ctx);
      await app.listen({ port: 0, host: '127.0.0.1' });
      const address = app.server.address();
      const api = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api`;
      return { api, store, close: async () => (await app.close(), await store.close()) };
    };
    try {
      const first = await start();
      await ensureDemoAccounts(first.store.db);
      const token = await signIn(first, 'admin');
      const stored = await first.store.db.selectFrom('token_secret').select('value').executeTakeFirst();
      // 256 bits, base64url.
      expect(Buffer.from(stored!.value, 'base64url')).toHaveLength(32);
      await first.close();

      const second = await start();
      try {
        const res = await call(second.api, 'GET', '/graves', { token });
        expect(res.status).toBe(200);
        const again = await second.store.db.selectFrom('token_secret').select('value').execute();
        expect(again.map((r) => r.value)).toEqual([stored!.value]);
      } finally {
        await second.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
      await pg?.drop();
    }
  });
});
