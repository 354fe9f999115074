// A client that stops sending loses its socket at the timeout: the server answers 408 and then lets the socket go
// (destroyed, not half-closed), whatever the client does afterwards. Against a real server process with short
// timeouts; the client never closes its side (allowHalfOpen), as a careless or hostile one would not. The server's
// side of each connection is found in the kernel's table (/proc/net/tcp) and in the process's descriptors
// (/proc/<pid>/fd): while the request is half-sent the process holds it, after the timeout it holds it no more.
import { mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { t } from '../../src/domain/messages';
import { makeGrave, logIn } from '../support/fixtures';
import { startServerProcess, type ServerProcess } from '../support/process';

const MANAGER = { email: 'stalled@example.com', password: 'stalled-password-1' };
const onLinux = process.platform === 'linux';

/** The kernel's TCP table row of a connection from the client's port to the server's: its state and its inode. */
function tcpRow(serverPort: number, clientPort: number): { state: string; inode: string } | null {
  const hex = (port: number) => port.toString(16).toUpperCase().padStart(4, '0');
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const line of readFileSync(table, 'utf8').split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      const [local = '', remote = '', state = ''] = [fields[1], fields[2], fields[3]];
      if (local.endsWith(`:${hex(serverPort)}`) && remote.endsWith(`:${hex(clientPort)}`)) {
        return { state, inode: fields[9] ?? '0' };
      }
    }
  }
  return null;
}

/** The socket inodes the process holds descriptors of. */
function socketsOf(pid: number): Set<string> {
  const held = new Set<string>();
  for (const fd of readdirSync(`/proc/${pid}/fd`)) {
    try {
      const link = readlinkSync(`/proc/${pid}/fd/${fd}`);
      const m = /^socket:\[(\d+)\]$/.exec(link);
      if (m) held.add(m[1]!);
    } catch {
      // closed while being read
    }
  }
  return held;
}

interface Stalled {
  socket: Socket;
  /** What the server sent, as text. */
  received: () => string;
  /** Resolves when the server closed its side (our 'end'), or the connection was cut ('close'). */
  ended: Promise<void>;
}

/** A client that sends the start of a request and then nothing, and never closes its own side. */
function stall(port: number, start: string | Buffer): Promise<Stalled> {
  return new Promise((resolvePromise, reject) => {
    const socket = connect({ port, host: '127.0.0.1', allowHalfOpen: true });
    const chunks: Buffer[] = [];
    socket.on('data', (data) => chunks.push(data));
    socket.on('error', () => undefined);
    const ended = new Promise<void>((done) => {
      socket.once('end', done);
      socket.once('close', done);
    });
    socket.once('error', reject);
    socket.on('connect', () => {
      socket.write(start, () =>
        resolvePromise({ socket, received: () => Buffer.concat(chunks).toString('utf8'), ended }),
      );
    });
  });
}

/** Waits until `check` holds, asking again every 50 ms; false if it never did within `ms`. */
async function eventually(check: () => boolean, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  for (;;) {
    if (check()) return true;
    if (Date.now() > until) return false;
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe.runIf(onLinux)('a stalled client loses its socket at the timeout', () => {
  let server: ServerProcess;
  let port: number;
  let graveId: string;
  const dir = mkdtempSync(join(tmpdir(), 'cemetery-stalled-'));

  beforeAll(async () => {
    server = await startServerProcess({
      DATABASE_URL: `file:${join(dir, 'register.sqlite')}`,
      HEADERS_TIMEOUT: '1',
      REQUEST_TIMEOUT: '2',
      MANAGER_EMAIL: MANAGER.email,
      MANAGER_PASSWORD: MANAGER.password,
    });
    port = Number(new URL(server.url).port);
    const token = await logIn(server, MANAGER.email, MANAGER.password);
    graveId = (await makeGrave(server, token, 'men', 1))._id;
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  const boundary = '----stalled-upload';
  const cases: Array<[string, () => string | Buffer]> = [
    ['half-sent headers', () => 'GET /api/health HTTP/1.1\r\nHost: register.test\r\nX-Slow: '],
    [
      'whole headers and half a JSON body',
      () =>
        'POST /api/suggestion HTTP/1.1\r\nHost: register.test\r\nContent-Type: application/json\r\n' +
        'Content-Length: 500\r\n\r\n{"text":"اقتراح',
    ],
    [
      'half a photo upload',
      () =>
        Buffer.concat([
          Buffer.from(
            `POST /api/graves/${graveId}/photos HTTP/1.1\r\nHost: register.test\r\n` +
              `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: 2000000\r\n\r\n` +
              `--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="grave.jpg"\r\n` +
              'Content-Type: image/jpeg\r\n\r\n',
          ),
          Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
          Buffer.alloc(64 * 1024, 0x55),
        ]),
    ],
  ];

  it.each(cases)('%s: 408, then the socket is gone from the process', async (_name, request) => {
    const pid = server.child.pid!;
    const client = await stall(port, request());
    const clientPort = client.socket.localPort!;
    // While the request is half-sent, the server holds the connection. The kernel completes the handshake before
    // the process accepts it: until then the row stands in the listening socket's queue with no inode (0), and on a
    // busy machine the descriptor becomes the process's a moment later. So the row is read again until it has one.
    let open = tcpRow(port, clientPort);
    const held = () => {
      open = tcpRow(port, clientPort);
      return open !== null && open.inode !== '0' && socketsOf(pid).has(open.inode);
    };
    expect(await eventually(held, 10_000), `the server never held the connection (row ${JSON.stringify(open)})`).toBe(
      true,
    );
    expect(open!.state).toBe('01'); // ESTABLISHED

    await client.ended;
    expect(client.received()).toMatch(/^HTTP\/1\.1 408 /);
    expect(client.received()).toContain(JSON.stringify({ message: t('http.timeout') }));
    // The client has not closed its side: a half-closed server socket would wait for it for ever (FIN-WAIT-2, the
    // descriptor still the process's). Destroyed, the descriptor is gone whatever the client does.
    expect(client.socket.destroyed).toBe(false);
    const gone = await eventually(() => !socketsOf(pid).has(open!.inode), 3000);
    expect(gone, `the server still holds the socket (state ${tcpRow(port, clientPort)?.state})`).toBe(true);
    const after = tcpRow(port, clientPort);
    // What the kernel may keep a moment longer is an orphan (inode 0), no longer the process's.
    if (after) expect(after.inode).toBe('0');
    client.socket.destroy();
    // The server still answers.
    expect((await fetch(`${server.api}/health`)).status).toBe(200);
  });
});
