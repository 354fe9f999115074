// The SQLite driver on the Node running the tests: 100,000 statements finalised by the garbage collector, on the main
// thread and in eight worker threads, under forced collections. A driver compiled against one Node's internals once
// aborted the process exactly here on a newer Node; CI runs this on every Node line the register supports.
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

describe('the SQLite driver on this Node', () => {
  it('finalises 100,000 statements under forced collections without aborting', () => {
    const run = spawnSync(process.execPath, ['--expose-gc', 'tests/support/sqliteFinalizeStress.mjs', '100000'], {
      encoding: 'utf8',
      timeout: 120_000,
    });
    expect({ status: run.status, signal: run.signal, stderr: run.stderr }).toEqual({
      status: 0,
      signal: null,
      stderr: '',
    });
    expect(run.stdout.trim()).toBe(`finalised 100000 statements on Node ${process.version}`);
  });
});
