// Comments, docs and test names say why in the code's own words: a reader of the code has the code, not the tracker
// that once asked for it, so «issue 25» or «(issue 23)» tells them nothing. Every tracked text file of the product,
// its tests, benchmarks, scripts and docs is read; the second case shows the check finds what it is meant to.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const SCANNED = ['src', 'server', 'bench', 'scripts', 'docs', 'tests', 'README.md', '.ci', 'public', 'index.html'];
const TEXT_FILE = /\.(ts|tsx|mts|mjs|js|cjs|json|css|html|md|sh|conf|service|yml|yaml)$|^\.ci\//;
/** «issue 25», «Issues 23 and 24», «issue #7», «tracker issue 3». */
const ISSUE_NUMBER = /\bissues?\s+#?\d+/i;

function issueNumbersIn(name: string, text: string): string[] {
  return text.split('\n').flatMap((line, i) => (ISSUE_NUMBER.test(line) ? [`${name}:${i + 1}: ${line.trim()}`] : []));
}

describe('no text of the project names a tracker issue', () => {
  it('finds none in the tracked files', () => {
    const files = execFileSync('git', ['ls-files', '-z', '--', ...SCANNED], { encoding: 'utf8' })
      .split('\0')
      .filter((name) => TEXT_FILE.test(name) && name !== 'tests/lint/noIssueNumbers.test.ts');
    expect(files.length).toBeGreaterThan(300);
    const found = files.flatMap((name) => issueNumbersIn(name, readFileSync(name, 'utf8')));
    expect(found).toEqual([]);
  });

  it('finds one where it is written, in any of its usual forms', () => {
    const text = ['// The date reader (issue 23).', '/** Issue 25, part D: previews */', 'ok: tissues 3', '# issues 4'];
    expect(issueNumbersIn('a.ts', text.join('\n'))).toEqual([
      'a.ts:1: // The date reader (issue 23).',
      'a.ts:2: /** Issue 25, part D: previews */',
      'a.ts:4: # issues 4',
    ]);
  });
});
