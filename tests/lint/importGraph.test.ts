// No circle of imports, of values or of types: a circle means two modules each need the other, and one of them holds
// something that belongs to a third (two were found once: graveWrites → graves → planRows → graveWrites, burialDate ↔
// dateText). This reads every import and re-export of the project's code with TypeScript's own pre-processor and
// looks for a circle. It stands in for import-x/no-cycle, which skips `import type` and took half of ESLint's time.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = process.cwd();

function sourcesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourcesUnder(path);
    return /\.(tsx?|mjs|js)$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The project file a relative specifier names (without extension, with `.ts`, or a folder's index), if any. */
function resolveRelative(from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = resolve(dirname(from), specifier);
  const candidates = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')];
  return (
    candidates.find((path) => /\.(tsx?|mjs|js)$/.test(path) && existsSync(path) && statSync(path).isFile()) ?? null
  );
}

type Graph = Map<string, string[]>;

/** Each module and the modules it imports or re-exports, `import type` included; `texts` stands in for files. */
function importGraph(files: string[], texts: Record<string, string> = {}): Graph {
  return new Map(
    files.map((file) => {
      const text = texts[relative(ROOT, file)] ?? readFileSync(file, 'utf8');
      const imported = ts.preProcessFile(text, true, true).importedFiles.map((f) => resolveRelative(file, f.fileName));
      return [file, [...new Set(imported.filter((path): path is string => path !== null))]];
    }),
  );
}

/** The first circle found, as a path of project-relative names from a module back to itself; null if none. */
function findCircle(graph: Graph): string[] | null {
  const done = new Set<string>();
  const onPath: string[] = [];
  const visit = (file: string): string[] | null => {
    const at = onPath.indexOf(file);
    if (at >= 0) return [...onPath.slice(at), file].map((f) => relative(ROOT, f));
    if (done.has(file)) return null;
    onPath.push(file);
    for (const next of graph.get(file) ?? []) {
      const circle = visit(next);
      if (circle) return circle;
    }
    onPath.pop();
    done.add(file);
    return null;
  };
  for (const file of graph.keys()) {
    const circle = visit(file);
    if (circle) return circle;
  }
  return null;
}

describe('imports form no circle, types included', () => {
  const files = ['src', 'server', 'tests', 'bench', 'scripts'].flatMap((dir) => sourcesUnder(join(ROOT, dir)));
  const circleWith = (file: string, text: string) => findCircle(importGraph(files, { [file]: text }));

  it('the code, its tests, the bench and the scripts have none', () => {
    expect(files.length).toBeGreaterThan(400);
    expect(files.some((file) => file.endsWith('.mjs'))).toBe(true);
    expect(findCircle(importGraph(files))).toBeNull();
  });

  it('a circle of values is found: the two closed once, were they to come back with values', () => {
    // burialDate re-exports dateText's formatters, so dateText may not take anything from burialDate.
    expect(
      circleWith(
        'src/domain/dates/dateText.ts',
        "import { parseBurialDate } from './burialDate';\nexport const p = parseBurialDate;\n",
      ),
    ).toEqual(expect.arrayContaining(['src/domain/dates/dateText.ts', 'src/domain/dates/burialDate.ts']));
    // graveWrites imports graves, which imports planRows.
    expect(
      circleWith('server/data/planRows.ts', "import { writeBy } from './graveWrites';\nexport const p = writeBy;\n"),
    ).toEqual(expect.arrayContaining(['server/data/planRows.ts', 'server/data/graveWrites.ts']));
  });

  it('the types those modules shared come from their own modules, in no circle', () => {
    const dateText = readFileSync('src/domain/dates/dateText.ts', 'utf8');
    expect(
      circleWith(
        'src/domain/dates/dateText.ts',
        `${dateText}\nimport type { DatePrecision } from './datePrecision';\n`,
      ),
    ).toBeNull();
    const planRows = readFileSync('server/data/planRows.ts', 'utf8');
    expect(circleWith('server/data/planRows.ts', `${planRows}\nimport type { Write } from './write';\n`)).toBeNull();
  });

  it('a circle of type imports only is found (the two found once, put back)', () => {
    const planRows = readFileSync('server/data/planRows.ts', 'utf8').replace(
      "from './auditedWrite'",
      "from './graveWrites'",
    );
    expect(circleWith('server/data/planRows.ts', planRows)).toEqual(
      expect.arrayContaining(['server/data/planRows.ts', 'server/data/graveWrites.ts', 'server/data/graves.ts']),
    );
    const dateText = readFileSync('src/domain/dates/dateText.ts', 'utf8').replace(
      "from './datePrecision'",
      "from './burialDate'",
    );
    expect(circleWith('src/domain/dates/dateText.ts', dateText)).toEqual(
      expect.arrayContaining(['src/domain/dates/dateText.ts', 'src/domain/dates/burialDate.ts']),
    );
  });
});
