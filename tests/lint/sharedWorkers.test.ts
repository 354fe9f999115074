// The test files share their worker processes (vitest.config.ts: isolate false), so no file may change what the
// next one in the same process would see: the environment, the global fetch or its dispatcher, the clock, or a
// module of our own replaced by a mock. A line that does fails here, named.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { expect, it } from 'vitest';

const GLOBAL_CHANGES = [
  /\bvi\.(mock|doMock|stubGlobal|stubEnv|useFakeTimers|setSystemTime)\(/,
  /\bprocess\.env(\.\w+|\[[^\]]+\])\s*(\?\?|\|\||&&)?=[^=]/,
  /\bdelete process\.env\b/,
  /\bsetGlobalDispatcher\(/,
  /\bglobalThis\.\w+\s*=[^=]/,
];

function testFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? testFiles(path) : /\.(ts|tsx|mjs)$/.test(name) ? [path] : [];
  });
}

it('no test file changes a global that another file in the same worker would see', () => {
  const self = relative(process.cwd(), import.meta.filename);
  const found = testFiles('tests').flatMap((file) =>
    relative(process.cwd(), file) === self
      ? []
      : readFileSync(file, 'utf8')
          .split('\n')
          .flatMap((line, i) =>
            GLOBAL_CHANGES.some((rule) => rule.test(line)) ? [`${file}:${i + 1}: ${line.trim()}`] : [],
          ),
  );
  expect(found).toEqual([]);
});
