// The boundaries of design.md are lint rules: a file that crosses one fails `npm run lint`. Each case lints a probe
// text (never written to disk) as if it were a file at that path, with the project's own eslint.config.js
// (probeLinter.ts).
import { describe, expect, it } from 'vitest';
import { probeLinter } from './probeLinter';

const eslint = probeLinter();

async function problems(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.severity === 2).map((m) => m.ruleId ?? m.message);
}

describe('lint holds the boundaries of design.md', () => {
  const crossings: Array<[string, string, string]> = [
    [
      'src/public/Probe.tsx',
      "import { List } from 'react-admin';\nexport const Probe = List;\n",
      'no-restricted-imports',
    ],
    [
      'src/public/pages/Probe.tsx',
      "import Button from '@mui/material/Button';\nexport const Probe = Button;\n",
      'no-restricted-imports',
    ],
    [
      'src/public/Probe.ts',
      "import { AdminApp } from '../admin/AdminApp';\nexport const Probe = AdminApp;\n",
      'no-restricted-imports',
    ],
    [
      'src/public/Probe.ts',
      "import { dataProvider } from '../dataProvider';\nexport const Probe = dataProvider;\n",
      'no-restricted-imports',
    ],
    [
      'src/domain/Probe.ts',
      "import { readFileSync } from 'node:fs';\nexport const probe = readFileSync;\n",
      'no-restricted-imports',
    ],
    ['src/domain/Probe.ts', 'export const probe = () => window.location.href;\n', 'no-restricted-globals'],
    ['src/domain/Probe.ts', 'export const probe = () => process.env.TZ;\n', 'no-restricted-globals'],
    [
      'src/admin/Probe.ts',
      "import { buildApp } from '../../server/app';\nexport const probe = buildApp;\n",
      'no-restricted-imports',
    ],
    ['server/routes/index.ts', "import { sql } from 'kysely';\nexport const probe = sql;\n", 'no-restricted-imports'],
  ];

  it.each(crossings)('%s: a forbidden import or global fails lint', async (path, code, rule) => {
    expect(await problems(path, code)).toContain(rule);
  });

  it('the same kinds of imports pass where they belong', async () => {
    expect(
      await problems('src/admin/Probe.tsx', "import { List } from 'react-admin';\nexport const Probe = List;\n"),
    ).toEqual([]);
    expect(
      await problems(
        'src/public/Probe.ts',
        "import { normalizeArabic } from '../domain/normalize';\nexport const p = normalizeArabic;\n",
      ),
    ).toEqual([]);
    expect(
      await problems('server/data/dataVersions.ts', "import { sql } from 'kysely';\nexport const probe = sql;\n"),
    ).toEqual([]);
  });
});
