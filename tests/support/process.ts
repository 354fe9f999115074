// The production server as a real child process (what `npm start` runs), for crash and scale-out tests.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { npmStart } from './npmStart';

export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolvePort(port));
    });
  });
}

/**
 * The port in the line the server prints once it listens (server/main.ts), or undefined before it. A server started
 * with PORT=0 takes a port the system gives it: a port found free beforehand (freePort) may be taken by another
 * server meanwhile, which would then answer the requests meant for this one.
 */
export const listeningPort = (output: string): string | undefined =>
  /listening on http:\/\/localhost:(\d+)/.exec(output)?.[1];

export interface ServerProcess {
  url: string;
  /** url + '/api' (what the fixtures of tests/support/fixtures.ts take) */
  api: string;
  child: ChildProcess;
  output: () => string;
  /** SIGKILL: no chance to finish anything. */
  kill(): Promise<void>;
  /** SIGTERM: requests in flight finish, the database closes. */
  stop(): Promise<number | null>;
}

/**
 * Runs what `npm start` runs: scripts/start.mjs, the bundled server, with the start script's node flags and
 * variables. It answers within about a second, where compiling the sources through tsx at every start took several
 * (a crash test starts eleven servers on each engine). The test run builds the bundle once before any file starts
 * (tests/support/global-setup.ts).
 */
export async function startServerProcess(
  env: Record<string, string>,
  /** The port to listen on; by default the server takes one the system gives it (PORT=0). */
  port?: number,
  /** Node's own flags, after (so over) those `npm start` sets, e.g. a smaller heap limit. */
  nodeArgs: string[] = [],
): Promise<ServerProcess> {
  let out = '';
  const start = npmStart();
  const child = spawn(process.execPath, [...start.nodeArgs, ...nodeArgs, start.script], {
    env: {
      ...process.env,
      ...start.env,
      STATIC_DIR: 'none',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      RATE_LIMIT_PER_MINUTE: '0',
      // No name index file unless the test names one (the default for PostgreSQL is under the repository's data/).
      SEARCH_INDEX_FILE: 'none',
      ...env,
      PORT: String(port ?? 0),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  const deadline = Date.now() + 30_000;
  while (!listeningPort(out)) {
    if (child.exitCode !== null) throw new Error(`server exited at start:\n${out}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not listen within 30 s:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  const url = `http://127.0.0.1:${listeningPort(out)}`;
  const health = await fetch(`${url}/api/health`);
  if (!health.ok) {
    child.kill('SIGKILL');
    throw new Error(`server's health answered ${health.status}:\n${out}`);
  }
  return {
    url,
    api: `${url}/api`,
    child,
    output: () => out,
    async kill() {
      child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      child.kill('SIGTERM');
      return exited;
    },
  };
}
