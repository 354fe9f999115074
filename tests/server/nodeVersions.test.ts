// The Node versions package.json claims: every installed package accepts the oldest Node the register supports and
// each LTS line after it, so `npm ci` warns of no engine on any of them; and a start on an older Node stops at once
// with its reason, before the SQLite driver is loaded.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import semver from 'semver';
import { describe, expect, it } from 'vitest';
import { unsupportedNodeReason } from '../../scripts/supported-node.mjs';

interface Lock {
  packages: Record<string, { version?: string; optional?: boolean; engines?: { node?: string } | string[] }>;
}

const claimed: string = JSON.parse(readFileSync('package.json', 'utf8')).engines.node;
const OLDEST = semver.minVersion(claimed)!.version;
// The lines CI runs on (.ci/run and .ci/other-nodes).
const LINES = ['22.13.0', '24.0.0', '26.0.0'];

describe('the Node versions claimed', () => {
  it('package.json claims Node 22.13 and every later release, and nothing older', () => {
    expect(claimed).toBe('>=22.13');
    for (const node of LINES) expect(semver.satisfies(node, claimed)).toBe(true);
    expect(semver.satisfies('22.12.0', claimed)).toBe(false);
    expect(semver.satisfies('20.20.2', claimed)).toBe(false);
  });

  it('every package the lock file always installs accepts Node 22.13, 24 and 26', () => {
    const lock: Lock = JSON.parse(readFileSync('package-lock.json', 'utf8'));
    const refusing = Object.entries(lock.packages).flatMap(([path, pkg]) => {
      // npm leaves out, without a warning, an optional package whose engines refuse the Node it runs on (as it
      // does one built for another system): only the packages always installed must accept every line.
      const range = pkg.optional || !pkg.engines || Array.isArray(pkg.engines) ? undefined : pkg.engines.node;
      if (!range) return [];
      return [OLDEST, ...LINES]
        .filter((node) => !semver.satisfies(node, range))
        .map((node) => `${path}@${pkg.version} wants node ${range}, not ${node}`);
    });
    expect(refusing).toEqual([]);
  });

  it('the install scripts npm may run are exactly the approved ones', () => {
    const pkg = JSON.parse(readFileSync('package.json', 'utf8'));
    // argon2, esbuild and sharp check or build their native part; better-sqlite3 ships one for every platform and
    // its implied `node-gyp rebuild` would only compile it again.
    expect(pkg.allowScripts).toEqual({ argon2: true, esbuild: true, sharp: true, 'better-sqlite3': false });
  });

  it('an older Node is refused with one line in Arabic and English; a supported one is not', () => {
    expect(unsupportedNodeReason('20.20.2')).toBe(
      'لا يعمل سجل المقابر على Node.js 20.20.2: يلزم الإصدار 22.13.0 أو أحدث (يُنصح بـ 24 LTS). ' +
        '/ The register does not run on Node.js 20.20.2: it needs 22.13.0 or newer (24 LTS recommended).',
    );
    expect(unsupportedNodeReason('22.12.9')).toContain('22.13.0');
    for (const node of ['22.13.0', '22.23.5', '24.22.3', '26.12.1']) expect(unsupportedNodeReason(node)).toBeNull();
  });

  it('the start script says it on this Node only when this Node is too old', () => {
    const run = spawnSync(process.execPath, ['scripts/supported-node.mjs'], { encoding: 'utf8' });
    expect(run.status).toBe(0);
    expect(run.stderr).toBe('');
  });
});
