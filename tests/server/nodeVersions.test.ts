// The Node versions package.json claims (issue 22): every installed package accepts the oldest Node the register
// supports and the LTS a village's host installs, so `npm ci` warns of no engine on either. cookie 2 wants Node 22,
// so light-my-request (Fastify's inject) is given cookie 1.1 (package.json "overrides"): the second case shows it
// still writes a request's cookies.
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

interface Lock {
  packages: Record<string, { version?: string; optional?: boolean; engines?: { node?: string } | string[] }>;
}

const claimed: string = JSON.parse(readFileSync('package.json', 'utf8')).engines.node;
const OLDEST = semver.minVersion(claimed)!.version;
// The Node CI also runs the server suites on (.ci/node24).
const LTS = '24.0.0';

describe('the Node versions claimed', () => {
  it('package.json claims Node 20.19 and Node 24 up to 24.18 (.ci/node24 says why not later)', () => {
    expect(OLDEST).toBe('20.19.0');
    expect(semver.satisfies(LTS, claimed)).toBe(true);
    expect(semver.satisfies('24.18.0', claimed)).toBe(true);
    expect(semver.satisfies('24.19.0', claimed)).toBe(false);
  });

  it('every package the lock file always installs accepts Node 20.19 and Node 24', () => {
    const lock: Lock = JSON.parse(readFileSync('package-lock.json', 'utf8'));
    const refusing = Object.entries(lock.packages).flatMap(([path, pkg]) => {
      // npm leaves out, without a warning, an optional package whose engines refuse the Node it runs on (as it
      // does one built for another system): only the packages always installed must accept both.
      const range = pkg.optional || !pkg.engines || Array.isArray(pkg.engines) ? undefined : pkg.engines.node;
      if (!range) return [];
      return [OLDEST, LTS]
        .filter((node) => !semver.satisfies(node, range))
        .map((node) => `${path}@${pkg.version} wants node ${range}, not ${node}`);
    });
    expect(refusing).toEqual([]);
  });

  it('Fastify’s inject, on the overridden cookie module, sends the cookies a test gives it', async () => {
    const app = Fastify();
    app.get('/', async (request) => ({ cookie: request.headers.cookie }));
    try {
      const res = await app.inject({ url: '/', cookies: { session: 'a b;c', lang: 'ar' } });
      expect(res.json()).toEqual({ cookie: 'session=a%20b%3Bc; lang=ar' });
    } finally {
      await app.close();
    }
  });
});
