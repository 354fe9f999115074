// ESLint as the lint tests run it on probe texts: the project's own eslint.config.js, without the server's two rules
// that read types (no-floating-promises, no-misused-promises). No rule those tests hold needs them, and building the
// TypeScript program for the first probe of a server file took most of their time; `npm run lint` runs them on every
// file.
import { ESLint } from 'eslint';

export const probeLinter = () =>
  new ESLint({
    cwd: process.cwd(),
    overrideConfig: [
      {
        files: ['server/**/*.ts'],
        languageOptions: { parserOptions: { projectService: false } },
        rules: { '@typescript-eslint/no-floating-promises': 'off', '@typescript-eslint/no-misused-promises': 'off' },
      },
    ],
  });
