// The rooms of design.md as lint rules: an import across a zone, or a cast in a route, fails `npm run lint` (a
// circle of imports is importGraph.test.ts's). Each probe is linted as if it stood at that path, with the project's
// own eslint.config.js; the probes are never written to disk. The import rules resolve the probe's imports against
// the real tree, so a probe imports files that exist.
import { describe, expect, it } from 'vitest';
import { probeLinter } from './probeLinter';

const eslint = probeLinter();

async function errors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.severity === 2).map((m) => m.ruleId ?? m.message);
}

describe('zones: a room imports only what it may', () => {
  const crossings: Array<[string, string, string]> = [
    ['src/admin/Probe.tsx', "import { PlanPage } from '../public/pages/PlanPage';\nexport const p = PlanPage;\n"],
    [
      'src/public/Probe.ts',
      "import { createAuthProvider } from '../authProvider';\nexport const p = createAuthProvider;\n",
    ],
    ['src/ssr/Probe.ts', "import { AdminApp } from '../admin/AdminApp';\nexport const p = AdminApp;\n"],
    ['src/shared/Probe.ts', "import { useSession } from '../public/session';\nexport const p = useSession;\n"],
    ['src/domain/Probe.ts', "import { apiPaths } from '../api/paths';\nexport const p = apiPaths;\n"],
    ['src/domain/Probe.ts', "import { getToken } from '../shared/session';\nexport const p = getToken;\n"],
    ['src/domain/Probe.ts', "import { loadConfig } from '../../server/start/config';\nexport const p = loadConfig;\n"],
    [
      'server/routes/plan.ts',
      "import { isUniqueViolation } from '../db/errors';\nexport const p = isUniqueViolation;\n",
    ],
  ].map(([path, code]) => [path!, code!, 'import-x/no-restricted-paths']);

  it.each(crossings)('%s: %s fails', async (path, code, rule) => {
    expect(await errors(path, code)).toContain(rule);
  });

  it('what both front ends use comes from src/shared, and routes reach the database through server/data', async () => {
    const allowed: Array<[string, string]> = [
      ['src/admin/Probe.tsx', "import { PlanLegend } from '../shared/PlanLegend';\nexport const p = PlanLegend;\n"],
      ['src/public/Probe.ts', "import { getToken } from '../shared/session';\nexport const p = getToken;\n"],
      [
        'src/shared/Probe.ts',
        "import { consolePaths } from '../domain/consolePaths';\nexport const p = consolePaths;\n",
      ],
      ['src/domain/Probe.ts', "import { normalizeArabic } from './normalize';\nexport const p = normalizeArabic;\n"],
      ['server/routes/plan.ts', "import { isEmailTaken } from '../data/accounts';\nexport const p = isEmailTaken;\n"],
    ];
    for (const [path, code] of allowed) expect(await errors(path, code), path).toEqual([]);
  });
});

describe('no casts in server/routes', () => {
  // server/routes/plan.ts stands for any route file (the type-aware server rules read files the project knows).
  it.each([
    ['a cast of an input', 'export const p = (params: { gender: string }) => params.gender as "men" | "women";\n'],
    ['a cast of a sort field', 'export const p = (field: string) => ({ field: field as "name" });\n'],
    ['an angle-bracket cast', 'export const p = (x: unknown) => <string>x;\n'],
  ])('%s fails', async (_name, code) => {
    expect(await errors('server/routes/plan.ts', code)).toContain('@typescript-eslint/consistent-type-assertions');
  });

  it('a constant (`as const`) and a checked narrowing pass; a cast elsewhere is not this rule’s business', async () => {
    const narrowing =
      "import { isOneOf } from '../../src/domain/rules/oneOf';\n" +
      "const GENDERS = ['men', 'women'] as const;\n" +
      'export const p = (g: string) => (isOneOf(GENDERS, g) ? g : null);\n';
    expect(await errors('server/routes/plan.ts', narrowing)).toEqual([]);
    expect(await errors('server/data/plan.ts', 'export const p = (x: unknown) => x as string;\n')).toEqual([]);
  });
});

describe('routes never hold the database handle', () => {
  it('ctx.db or ctx.dialect in a route fails; the data layer’s operations pass', async () => {
    const holding = 'export const p = async (ctx: { db: { destroy(): Promise<void> } }) => ctx.db.destroy();\n';
    expect(await errors('server/routes/plan.ts', holding)).toContain('no-restricted-syntax');
    const dialect = "export const p = (ctx: { dialect: string }) => ctx.dialect === 'postgres';\n";
    expect(await errors('server/routes/plan.ts', dialect)).toContain('no-restricted-syntax');
    const asking = 'export const p = (ctx: { data: { ping(): Promise<void> } }) => ctx.data.ping();\n';
    expect(await errors('server/routes/plan.ts', asking)).toEqual([]);
    expect(await errors('server/data/plan.ts', holding)).toEqual([]);
  });
});

describe('the real tree keeps the rooms', () => {
  // `npm run lint` checks every file; here, the files these rules were written for: every route, and the modules
  // that crossed a zone or closed a circle before the rule.
  it('routes, the moved shared modules and the former circles lint clean', async () => {
    const results = await eslint.lintFiles([
      'server/routes/**/*.ts',
      'server/data/{graveWrites,graves,planRows,write,accounts}.ts',
      'src/domain/dates/{burialDate,dateText,datePrecision}.ts',
      'src/shared/**',
      'src/public/pages/{LoginPage,PlanPage}.tsx',
      'src/public/session.tsx',
      'src/admin/pages/PlanConsolePage.tsx',
    ]);
    expect(results.length).toBeGreaterThan(25);
    const found = results.flatMap((r) =>
      r.messages.filter((m) => m.severity === 2).map((m) => `${r.filePath}:${m.line} ${m.ruleId}`),
    );
    expect(found).toEqual([]);
  });
});
