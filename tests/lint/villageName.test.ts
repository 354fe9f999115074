// The village's identity is data. No file of src/, server/, public/ or index.html may name the demo's
// village: its name reaches the pages only through the settings (the demo's seed sets it, and is the one exception).
// Names are compared folded as the register's search folds them (marks, tatweel, hamza and alef forms, taa marbuta),
// so «الغربيّة» or «الغـربيه» is caught as well as the plain spelling.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { normalizeArabic } from '../../src/domain/search/normalize';

const ROOT = process.cwd();
const SCANNED = ['src', 'server', 'public', 'index.html'];
/** The demo's own village: its seed and the start of `npm run demo` set it through the settings. */
const DEMO_FILES = [/^server\/seed\//, /^server\/start\/demo\.ts$/];
const TEXT_FILE = /\.(ts|tsx|mts|mjs|js|json|css|html|svg|md|txt|webmanifest)$/;
const VILLAGE = normalizeArabic('الغربية');

function filesUnder(path: string): string[] {
  const stat = statSync(path, { throwIfNoEntry: false });
  if (!stat) return [];
  if (stat.isFile()) return [path];
  return readdirSync(path).flatMap((name) => (name === 'node_modules' ? [] : filesUnder(join(path, name))));
}

/** Every line of these files that names the village, as `file:line`. */
function namingLines(files: readonly string[], root: string): string[] {
  const found: string[] = [];
  for (const file of files) {
    const name = relative(root, file).replaceAll('\\', '/');
    if (!TEXT_FILE.test(name) || DEMO_FILES.some((demo) => demo.test(name))) continue;
    readFileSync(file, 'utf8')
      .split('\n')
      .forEach((line, i) => {
        if (normalizeArabic(line).includes(VILLAGE)) found.push(`${name}:${i + 1}`);
      });
  }
  return found;
}

describe("no file of the product names the demo's village", () => {
  it('src/, server/ (the demo seed aside), public/ and index.html', () => {
    const files = SCANNED.flatMap((path) => filesUnder(join(ROOT, path)));
    expect(files.length).toBeGreaterThan(100);
    expect(namingLines(files, ROOT)).toEqual([]);
  });

  it('fails on a file that names it, in any spelling the search folds, and spares the demo seed', () => {
    const dir = mkdtempSync(join(tmpdir(), 'village-name-'));
    try {
      const probes: Record<string, string> = {
        'src/plain.ts': "export const a = 'مقابر القرية الغربية';\n",
        'src/marks.tsx': 'export const b = <h1>أهالي الغـربيّة</h1>;\n',
        'server/hamza.ts': "// 'القريه الغربيه'\n",
        'index.html': '<title>\n  مقابر القرية الغربيه\n</title>\n',
        'server/seed/names.ts': "export const demo = 'القرية الغربية';\n",
        'src/other.ts': "export const c = 'المغربية';\n",
      };
      for (const [name, text] of Object.entries(probes)) {
        const path = join(dir, name);
        mkdirSync(dirname(path), { recursive: true });
        writeFileSync(path, text);
      }
      const files = Object.keys(probes).map((name) => join(dir, name));
      expect(namingLines(files, dir)).toEqual([
        'src/plain.ts:1',
        'src/marks.tsx:1',
        'server/hamza.ts:1',
        'index.html:2',
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
