// Lint rules of the register. Besides the usual TypeScript checks, they hold the boundaries of design.md:
// - src/public never pulls the console in (a visitor downloads none of react-admin or MUI);
// - src/domain stays pure, so the server and both front ends share one definition of every rule;
// - the browser code never imports the server, and only server/data speaks SQL;
// - the rooms as zones (import-x/no-restricted-paths): the public site and the console import nothing of each other
//   (what both use lives in src/shared), src/domain imports nothing of the app, routes never hold server/db;
// - no import cycles, and no `as` casts in server/routes (a route's input is typed by its schema).
// Formatting is Prettier's job (`npm run lint` runs both); eslint-config-prettier turns off the rules it owns.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const CONSOLE_ONLY = [
  {
    group: ['react-admin', 'ra-*', '@mui/*', '@emotion/*'],
    message: 'The public site never loads the console (design.md).',
  },
  {
    group: ['**/admin', '**/admin/**', '**/dataProvider', '**/dataProvider/**'],
    message: 'The public site never imports the console.',
  },
];
const SERVER_CODE = { group: ['**/server/**'], message: 'Browser code never imports the server.' };
const NODE_BUILTINS = [
  'node:*',
  'fs',
  'path',
  'os',
  'crypto',
  'url',
  'zlib',
  'http',
  'https',
  'stream',
  'child_process',
];
const DOM_AND_NODE_GLOBALS = [
  'window',
  'document',
  'navigator',
  'localStorage',
  'sessionStorage',
  'location',
  'history',
  'HTMLElement',
  'process',
  'Buffer',
  'require',
  '__dirname',
  '__filename',
  'global',
].map((name) => ({ name, message: 'src/domain is pure: no DOM or Node globals (design.md).' }));

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'build/**',
      '.cache/**',
      'node_modules/**',
      'test-results/**',
      'bench/results/**',
      'data/**',
      'public/**',
      'coverage/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-restricted-imports': ['error', { patterns: [] }],
    },
  },
  // The rooms of design.md, by folder. A zone names where an import may not reach from a file under `target`.
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { 'import-x': importX },
    settings: {
      // Sources import each other without extensions or with `.ts` (tsconfig's allowImportingTsExtensions), and the
      // rules must read TypeScript modules to follow their imports.
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.mjs', '.js', '.json', '.node'] })],
      'import-x/extensions': ['.ts', '.tsx', '.mjs', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './src/domain',
              from: ['./src', './server', './tests', './bench', './scripts'],
              except: ['./domain'],
              message: 'src/domain depends on nothing else of the app (design.md).',
            },
            {
              target: ['./src/public', './src/ssr', './src/shared'],
              from: ['./src/admin', './src/dataProvider', './src/authProvider'],
              message: 'The public site never imports the console: what both use lives in src/shared.',
            },
            {
              target: ['./src/admin', './src/dataProvider', './src/authProvider', './src/shared'],
              from: ['./src/public', './src/ssr'],
              message: 'The console never imports the public site: what both use lives in src/shared.',
            },
            {
              target: './src',
              from: ['./server', './tests', './bench', './scripts'],
              message: 'Browser code never imports the server.',
            },
            {
              target: './server/routes',
              from: './server/db',
              message: 'Routes ask the data layer; the database and its errors are server/data’s (design.md).',
            },
            {
              target: './server/data',
              from: ['./server/http', './server/plugins', './server/routes'],
              message:
                'The data layer knows nothing of HTTP: it refuses with server/data/refusals.ts, and the errors plugin gives the status.',
            },
          ],
        },
      ],
      // No circle of imports: tests/lint/importGraph.test.ts reads every import, types included (import-x/no-cycle
      // skipped those and took half of the lint's time).
    },
  },
  // Node code: the server, the scripts, the tests and the benchmark.
  {
    files: ['server/**', 'scripts/**', 'tests/**', 'bench/**', '*.config.*', 'eslint.config.js'],
    languageOptions: { globals: { ...globals.node } },
  },
  // The server never lets a promise float: an unhandled rejection would stop the register.
  {
    files: ['server/**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: false }],
    },
  },
  // SQL lives in server/data only (routes ask the data layer).
  {
    files: ['server/routes/**', 'server/plugins/**', 'server/site/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'kysely', allowTypeImports: true, message: 'SQL lives in server/data (design.md).' }] },
      ],
    },
  },
  // A route reads its input as its schema types it: a cast would let a handler believe a shape nobody checked.
  // And it never holds the database handle: it calls the data layer's named operations (ctx.data, built once).
  {
    files: ['server/routes/**/*.ts'],
    rules: {
      '@typescript-eslint/consistent-type-assertions': ['error', { assertionStyle: 'never' }],
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.name='ctx'][property.name=/^(db|dialect)$/]",
          message: 'Routes call the data layer (ctx.data), never the database handle (design.md).',
        },
      ],
    },
  },
  // Browser code.
  {
    files: ['src/**'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      'no-restricted-imports': ['error', { patterns: [SERVER_CODE] }],
    },
  },
  // The public site, and the browser code it shares with the console.
  {
    files: ['src/public/**', 'src/shared/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [SERVER_CODE, ...CONSOLE_ONLY] }] },
  },
  {
    files: ['src/domain/**'],
    languageOptions: { globals: {} },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: NODE_BUILTINS.filter((n) => !n.includes('*')).map((name) => ({
            name,
            message: 'src/domain is pure (design.md).',
          })),
          patterns: [
            SERVER_CODE,
            { group: ['node:*'], message: 'src/domain is pure: no Node APIs (design.md).' },
            {
              group: ['react', 'react-dom', 'react-dom/*', 'react-admin', 'ra-*', '@mui/*'],
              message: 'src/domain is pure: no UI.',
            },
            {
              group: ['**/public/**', '**/admin/**', '**/dataProvider/**', '**/authProvider/**', '**/api/**'],
              message: 'src/domain depends on nothing else.',
            },
          ],
        },
      ],
      'no-restricted-globals': ['error', ...DOM_AND_NODE_GLOBALS],
    },
  },
  prettier,
);
