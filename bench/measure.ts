// Small measuring tools for the benchmark: sizes, a server process with start-up timing, Chromium with a debug port.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { get as httpGet } from 'node:http';
import { gzipSync, brotliCompressSync, constants } from 'node:zlib';
import { npmStart } from '../tests/support/npmStart';
import { freePort, listeningPort } from '../tests/support/process';
import { CHROMIUM_FLAGS } from '../tests/support/browser';

export const gzipSize = (buf: Buffer) => gzipSync(buf, { level: 9 }).length;
export const brotliSize = (buf: Buffer) =>
  brotliCompressSync(buf, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;

export function fileSizes(path: string) {
  const buf = readFileSync(path);
  return { raw: buf.length, gzip: gzipSize(buf), brotli: brotliSize(buf) };
}

export interface BenchServer {
  url: string;
  child: ChildProcess;
  /** ms from spawn to the first answered request */
  startupMs: number;
  rssBytes(): number;
  stop(): Promise<void>;
}

export async function startBenchServer(env: Record<string, string>): Promise<BenchServer> {
  const t0 = performance.now();
  // The production entry (npm start's bundle, rebuilt first if a source is newer) with its default logging, and the
  // benchmark's diagnostics (bench/server.mjs).
  const inherited = { ...process.env };
  delete inherited.LOG_LEVEL;
  // The memory settings `npm start` gives the server (package.json's start script: the heap bounds, the arenas).
  const start = npmStart();
  const child = spawn(process.execPath, ['--expose-gc', ...start.nodeArgs, 'bench/server.mjs'], {
    // The benchmark's clients all come from 127.0.0.1: the per-client ceiling would measure itself.
    env: {
      ...inherited,
      ...start.env,
      HOST: '127.0.0.1',
      RATE_LIMIT_PER_MINUTE: '0',
      ...env,
      // A port the system gives it, read from the line it prints (listeningPort).
      PORT: '0',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  // Its output is the benchmark's, as before; only its first lines are read here for the port.
  let head = '';
  child.stdout!.on('data', (chunk: Buffer) => {
    if (head.length < 64 * 1024) head += chunk.toString();
    process.stdout.write(chunk);
  });
  let url: string;
  for (;;) {
    if (child.exitCode !== null) throw new Error('server exited at start');
    const port = listeningPort(head);
    if (port) {
      url = `http://127.0.0.1:${port}`;
      const res = await fetch(`${url}/api/health`).catch(() => null);
      if (res?.ok) break;
    }
    if (performance.now() - t0 > 60_000) throw new Error('server did not start within 60 s');
    await new Promise((r) => setTimeout(r, 5));
  }
  const startupMs = performance.now() - t0;
  return {
    url,
    child,
    startupMs,
    rssBytes() {
      const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
      const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
      return kb * 1024;
    },
    async stop() {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** One answer as the real server sent it, for bench/bareServer.mjs to send again. */
export interface CapturedAnswer {
  url: string;
  status: number;
  headers: Record<string, string | string[]>;
  /** base64 of the bytes on the wire (compressed when the server compressed them) */
  body: string;
}

/** GETs `url` with these headers and keeps the answer's status, headers and undecoded bytes. */
export function capture(base: string, path: string, headers: Record<string, string>): Promise<CapturedAnswer> {
  return new Promise((resolve, reject) => {
    httpGet(`${base}${path}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({
          url: path,
          status: res.statusCode ?? 0,
          headers: res.headers as Record<string, string | string[]>,
          body: Buffer.concat(chunks).toString('base64'),
        }),
      );
    }).on('error', reject);
  });
}

/** bench/bareServer.mjs in its own process, answering these captured answers. */
export async function startBareServer(capturesFile: string): Promise<{ url: string; stop(): Promise<void> }> {
  const child = spawn(process.execPath, ['bench/bareServer.mjs', capturesFile], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const m = /listening (\d+)/.exec(out);
      if (m) resolve(Number(m[1]));
    });
    child.once('exit', () => reject(new Error('bare server exited at start')));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    async stop() {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

export async function startChromiumWithDebugPort(chromiumPath: string, userDataDir: string) {
  const port = await freePort();
  const child = spawn(
    chromiumPath,
    [...CHROMIUM_FLAGS, `--remote-debugging-port=${port}`, `--user-data-dir=${userDataDir}`, 'about:blank'],
    { stdio: 'ignore' },
  );
  const t0 = Date.now();
  for (;;) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/json/version`);
      if (res.ok) break;
    } catch {
      // not yet
    }
    if (Date.now() - t0 > 30_000) throw new Error('chromium did not open its debug port');
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    port,
    async close() {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}
