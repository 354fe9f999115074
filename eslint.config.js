// Lint rules of the register. Besides the usual TypeScript checks, they hold the boundaries of design.md:
// - src/public never pulls the console in (a visitor downloads none of react-admin or MUI);
// - src/domain stays pure, so the server and both front ends share one definition of every rule;
// - the browser code never imports the server, and only server/data speaks SQL.
// Formatting is Prettier's job (`npm run lint` runs both); eslint-config-prettier turns off the rules it owns.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
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
  {
    files: ['src/public/**'],
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
