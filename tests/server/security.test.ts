// Security headers on every answer (nosniff on the API, the CSP on site pages) and CORS (same origin by default).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from '../support/postgres';
import { startTestServer, type TestServer } from '../support/server';
import { call } from './helpers';
import { PERMISSIONS_POLICY } from '../../server/plugins/securityHeaders';

describe.each(ENGINES)('headers on $name', ({ databaseUrl }) => {
  let s: TestServer;
  let site: string;
  beforeAll(async () => {
    site = mkdtempSync(join(tmpdir(), 'cemetery-site-'));
    writeFileSync(join(site, 'index.html'), '<!doctype html><html lang="ar" dir="rtl"><title>site</title></html>');
    s = await startTestServer({ databaseUrl, staticDir: site });
  });
  afterAll(async () => {
    await s?.close();
    rmSync(site, { recursive: true, force: true });
  });

  it('the API answers with nosniff, successes and refusals alike', async () => {
    for (const [method, path] of [
      ['GET', '/graves/male'],
      ['GET', '/graves'],
      ['GET', '/nothing'],
      ['POST', '/auth/login'],
    ] as const) {
      const res = await call(s.api, method, path, method === 'POST' ? { body: '{' } : {});
      expect(res.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(res.headers.get('content-type'), path).toMatch(/^application\/json/);
    }
  });

  it('site pages carry the CSP; unknown paths get the app shell; unknown /api paths stay JSON 404', async () => {
    for (const path of ['/', '/man', '/graves/some-id', '/login']) {
      const res = await fetch(`${s.url}${path}`);
      expect(res.status, path).toBe(200);
      expect(await res.text()).toContain('<html lang="ar"');
      const csp = res.headers.get('content-security-policy') ?? '';
      for (const rule of ["script-src 'self'", "object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'"]) {
        expect(csp, path).toContain(rule);
      }
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    }
    const api404 = await fetch(`${s.api}/does-not-exist`);
    expect(api404.status).toBe(404);
    expect(api404.headers.get('content-type')).toMatch(/application\/json/);
  });

  it('every answer, a kept one too, says what the page may ask of the device and keeps other origins out', async () => {
    for (const url of [`${s.url}/`, `${s.api}/graves/male`, `${s.api}/graves/male`, `${s.api}/nothing`]) {
      const res = await fetch(url);
      expect(res.headers.get('permissions-policy'), url).toBe(PERMISSIONS_POLICY);
      expect(PERMISSIONS_POLICY).toContain('camera=()');
      expect(PERMISSIONS_POLICY).toContain('geolocation=(self)');
      expect(res.headers.get('cross-origin-opener-policy'), url).toBe('same-origin');
      expect(res.headers.get('cross-origin-resource-policy'), url).toBe('same-origin');
    }
  });

  it('CORS: by default no other origin is allowed', async () => {
    const res = await fetch(`${s.api}/graves/male`, { headers: { origin: 'https://evil.example.com' } });
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('CORS_ORIGINS', () => {
  it('allows the configured origin and exposes Content-Range', async () => {
    const s = await startTestServer({ env: { CORS_ORIGINS: 'https://console.example.com' } });
    try {
      const res = await fetch(`${s.api}/articles?range=${encodeURIComponent('[0,9]')}`, {
        headers: { origin: 'https://console.example.com' },
      });
      expect(res.headers.get('access-control-allow-origin')).toBe('https://console.example.com');
      expect(res.headers.get('access-control-expose-headers')).toContain('Content-Range');
      expect(res.headers.get('content-range')).toBe('articles */0');
      const other = await fetch(`${s.api}/articles`, { headers: { origin: 'https://evil.example.com' } });
      expect(other.headers.get('access-control-allow-origin')).toBeNull();
    } finally {
      await s.close();
    }
  });
});
