// The README is the front door (what it is, try it, test it, where things are, the docs) and the docs hold the rest;
// what they state must stay true. Every `npm run …` they name is a script of package.json, every setting named in
// the configuration table is read by server/start/config.ts, every other upper-case name in code quotes is read
// somewhere in the project, and every relative link leads to a file that exists.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';

const README = 'README.md';
const DOCS = readdirSync('docs')
  .filter((name) => name.endsWith('.md'))
  .map((name) => join('docs', name));
const TEXTS = [README, ...DOCS];
const read = (file: string) => readFileSync(file, 'utf8');
const scripts = Object.keys(JSON.parse(read('package.json')).scripts as Record<string, string>);
// The server's environment (config.ts), and what `npm start` and the build read themselves (the heap's size, the API's
// address for a site served elsewhere).
const config = [read('server/start/config.ts'), read('package.json'), read('src/api/client.ts')].join('\n');

/** Where a setting or a variable may be read: the server, the scripts, CI, the bench and the tests' support. */
const CODE = ['server', 'scripts', 'bench', 'tests/support', '.ci', 'src', 'vite.config.ts', 'package.json'];
function codeText(path: string): string {
  if (!existsSync(path)) return '';
  if (statSync(path).isFile()) return read(path);
  return readdirSync(path)
    .map((name) => codeText(join(path, name)))
    .join('\n');
}
const ALL_CODE = CODE.map(codeText).join('\n');

describe('the README and the docs say what is true', () => {
  it('the README is a front door of at most 250 lines, and lists every doc', () => {
    const text = read(README);
    expect(text.split('\n').length).toBeLessThanOrEqual(250);
    for (const doc of DOCS) expect(text).toContain(`](${doc})`);
    for (const heading of ['## Try it', '## Test it', '## Where things are', '## The docs']) {
      expect(text).toContain(heading);
    }
  });

  it('every `npm run` they name is a script of package.json', () => {
    const named = TEXTS.flatMap((file) =>
      [...read(file).matchAll(/npm run ([a-z][\w:-]*)/g)].map((m) => ({ file, script: m[1]! })),
    );
    expect(named.length).toBeGreaterThan(10);
    expect(named.filter(({ script }) => !scripts.includes(script))).toEqual([]);
  });

  it('every setting of the configuration table is read by the server, its start or its build', () => {
    const table = read('docs/operating.md').split('\n## Configuration')[1]!.split('\n## ')[0]!;
    const settings = [...table.matchAll(/^\| `([A-Z][A-Z0-9_]+)`/gm)].map((m) => m[1]!);
    expect(settings.length).toBeGreaterThan(20);
    expect(settings.filter((name) => !config.includes(name))).toEqual([]);
  });

  it('every other upper-case name they quote is read somewhere in the project', () => {
    const quoted = new Set(
      TEXTS.flatMap((file) => [...read(file).matchAll(/`([A-Z][A-Z0-9]*_[A-Z0-9_]+)(?:=[^`]*)?`/g)].map((m) => m[1]!)),
    );
    expect(quoted.size).toBeGreaterThan(20);
    expect([...quoted].filter((name) => !ALL_CODE.includes(name))).toEqual([]);
  });

  it('every relative link leads to a file that exists', () => {
    const broken = TEXTS.flatMap((file) =>
      [...read(file).matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)]
        .map((m) => m[1]!)
        .filter((target) => !/^[a-z]+:/.test(target))
        .filter((target) => !existsSync(normalize(join(dirname(file), target))))
        .map((target) => `${file}: ${target}`),
    );
    expect(broken).toEqual([]);
  });
});
