// `npm run dev`: Vite (hot reload) on http://localhost:5173 with /api proxied to the API, which runs on the demo
// database in watch mode (restarts when server code changes).
import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';

const apiPort = process.env.API_PORT ?? '3001';
const children: ChildProcess[] = [];

function run(args: string[], env: Record<string, string>): void {
  const child = spawn(process.execPath, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  child.on('exit', (code) => {
    for (const other of children) if (other !== child) other.kill('SIGTERM');
    process.exit(code ?? 0);
  });
  children.push(child);
}

run([resolve('node_modules/tsx/dist/cli.mjs'), 'watch', 'server/start/demo.ts'], {
  PORT: apiPort,
  HOST: '127.0.0.1',
  STATIC_DIR: 'none',
});
run([resolve('node_modules/vite/bin/vite.js')], { API_PORT: apiPort });

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    for (const child of children) child.kill('SIGTERM');
  });
}
