// The global per-client ceiling: one address gets RATE_LIMIT_PER_MINUTE API calls, then 429 with Retry-After,
// while another address is still served.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MessageAnswer } from '../support/fixtures';
import { startTestServer, type TestServer } from '../support/server';

describe('global per-client ceiling', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { RATE_LIMIT_PER_MINUTE: '30', TRUST_PROXY: 'true' } });
  });
  afterAll(() => server?.close());

  it('answers 429 past the allowance, per client address', async () => {
    const from = (ip: string) => ({ 'x-forwarded-for': ip });
    const statuses: number[] = [];
    for (let i = 0; i < 35; i++) {
      statuses.push(
        (await server.app.inject({ url: '/api/graves/totalDeaths', headers: from('203.0.113.7') })).statusCode,
      );
    }
    expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(30).every((s) => s === 429)).toBe(true);
    const refused = await server.app.inject({ url: '/api/graves/male', headers: from('203.0.113.7') });
    expect(refused.statusCode).toBe(429);
    expect(refused.json<MessageAnswer>().message).toBe('طلبات كثيرة. يرجى المحاولة بعد قليل.');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    const other = await server.app.inject({ url: '/api/graves/male', headers: from('203.0.113.8') });
    expect(other.statusCode).toBe(200);
  });
});

describe('the ceiling counts unknown API addresses too', () => {
  it('answers 429 to an address that only asks unknown paths', async () => {
    const server = await startTestServer({ env: { RATE_LIMIT_PER_MINUTE: '5', TRUST_PROXY: 'true' } });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 7; i++) {
        const res = await server.app.inject({
          url: `/api/no-such-${i}`,
          headers: { 'x-forwarded-for': '203.0.113.9' },
        });
        statuses.push(res.statusCode);
      }
      expect(statuses).toEqual([404, 404, 404, 404, 404, 429, 429]);
    } finally {
      await server.close();
    }
  });
});

describe('the ceiling counts the answers the site reads for a visitor', () => {
  it('counts each record a preview reads as the API request it stands for', async () => {
    const server = await startTestServer({ env: { RATE_LIMIT_PER_MINUTE: '3', TRUST_PROXY: 'true' } });
    try {
      const from = (ip: string) => ({ 'x-forwarded-for': ip });
      for (let i = 0; i < 3; i++) {
        const res = await server.app.inject({
          url: `/site/preview/grave/none-${i}.png`,
          headers: from('203.0.113.10'),
        });
        expect(res.statusCode).toBe(404);
      }
      const api = await server.app.inject({ url: '/api/graves/totalDeaths', headers: from('203.0.113.10') });
      expect(api.statusCode).toBe(429);
      const other = await server.app.inject({ url: '/api/graves/totalDeaths', headers: from('203.0.113.11') });
      expect(other.statusCode).toBe(200);
    } finally {
      await server.close();
    }
  });
});
