// No module of the console grows past 300 lines: a page's sections live as components in a folder beside it, its
// pure helpers in a .ts file, its queries in src/admin/queries. A file past the bound is named with its length, so
// the one who wrote it knows which to split; the second case shows the check counts as `wc -l` does.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const CONSOLE = 'src/admin';
const MAX_LINES = 300;
const SOURCE = /\.(ts|tsx)$/;

function sourcesUnder(path: string): string[] {
  if (statSync(path).isFile()) return SOURCE.test(path) ? [path] : [];
  return readdirSync(path).flatMap((name) => sourcesUnder(join(path, name)));
}

/** The number of lines as `wc -l` counts them (the line breaks). */
const lineCount = (text: string) => text.split('\n').length - 1;

/** `file: n lines` for each text longer than the bound. */
function overLong(files: ReadonlyArray<{ name: string; text: string }>): string[] {
  return files.flatMap(({ name, text }) => {
    const lines = lineCount(text);
    return lines > MAX_LINES ? [`${name}: ${lines} lines (at most ${MAX_LINES})`] : [];
  });
}

describe('the console keeps its modules short', () => {
  it(`has no file under ${CONSOLE} over ${MAX_LINES} lines`, () => {
    const files = sourcesUnder(CONSOLE).map((name) => ({ name, text: readFileSync(name, 'utf8') }));
    expect(files.length).toBeGreaterThan(50);
    expect(overLong(files)).toEqual([]);
  });

  it('names a file past the bound, and lets one at the bound pass', () => {
    const lines = (n: number) => 'x\n'.repeat(n);
    expect(
      overLong([
        { name: 'src/admin/pages/Long.tsx', text: lines(MAX_LINES + 1) },
        { name: 'src/admin/pages/Full.tsx', text: lines(MAX_LINES) },
      ]),
    ).toEqual([`src/admin/pages/Long.tsx: ${MAX_LINES + 1} lines (at most ${MAX_LINES})`]);
  });
});
