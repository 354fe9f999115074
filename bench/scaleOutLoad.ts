// The scale-out benchmark's load client (bench/scaleOut.ts starts it in a process of its own, as bench/run.ts does
// bench/load.ts): CLIENTS visitors, client i on process i mod 3, each on one kept-alive connection going round a mix
// of the API's public reads (whole sections, recent burials, a search, a grave), and now and then a staff member
// adding a grave or recording a burial into an empty grave of the pool (each grave once), for SECONDS. Answers are
// asked compressed, as a browser asks them; bodies of reads are dropped.
//
// Usage: tsx bench/scaleOutLoad.ts PLAN.json (the plan as JSON in a file: its pool of graves is longer than one
// command-line argument may be)
// Prints one JSON line: requests, rate, latency percentiles, errors, writes sent and the burials acknowledged.
import { readFileSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';

export interface ScaleOutPlan {
  /** One base URL per process. */
  urls: string[];
  clients: number;
  seconds: number;
  token: string;
  /** Graves to read (GET /api/graves/graves/{id}). */
  graveIds: string[];
  /** Names to search, as families type them. */
  queries: string[];
  /** Empty graves, each to receive one burial. */
  pool: string[];
  /** One request in this many is a write: a burial recorded while the pool lasts, and a grave added, in turn. */
  writeEvery: number;
  /** Names for the burials recorded. */
  names: string[];
  /** The women's grave numbers added from here on, one each. */
  firstNewNumber: number;
}

export interface ScaleOutResult {
  requests: number;
  perSecond: number;
  p50: number;
  p99: number;
  max: number;
  /** Requests per process, in the order of `urls`. */
  perProcess: number[];
  /** Each kind of request's count and latency percentiles (ms), to tell which makes the tail. */
  byKind: Record<Kind, { requests: number; p50: number; p99: number; max: number }>;
  errors: number;
  someErrors: string[];
  writes: number;
  /** Burials the server answered 201 for: [grave id, burial id]. */
  acknowledged: Array<[string, string]>;
  /** Graves added that the server answered 201 for: their ids. */
  created: string[];
}

type Kind = 'whole section' | 'recent burials' | 'search' | 'grave' | 'grave added' | 'burial';

interface Step {
  kind: Kind;
  method: 'GET' | 'POST';
  path: string;
  body?: string;
  graveId?: string;
}

const plan = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as ScaleOutPlan;
const latencies: number[] = [];
const kinds = new Map<Kind, number[]>();
const errors: string[] = [];
const acknowledged: Array<[string, string]> = [];
const created: string[] = [];
const perProcess = plan.urls.map(() => 0);
let writes = 0;
let nextGrave = 0;
let nextNumber = plan.firstNewNumber;

/**
 * The i-th step of the round: a whole section (the men's and the women's in turn), recent burials, a search, a
 * grave; one step in `writeEvery` a write, a grave added and a burial recorded in turn.
 */
function stepOf(i: number): Step {
  const write = i % plan.writeEvery === plan.writeEvery - 1;
  if (write && Math.floor(i / plan.writeEvery) % 2 === 0) {
    return {
      kind: 'grave added',
      method: 'POST',
      path: '/api/graves',
      body: JSON.stringify({ gender: 'women', number: nextNumber++ }),
    };
  }
  if (write && nextGrave < plan.pool.length) {
    const graveId = plan.pool[nextGrave]!;
    const name = plan.names[nextGrave % plan.names.length]!;
    nextGrave++;
    return {
      kind: 'burial',
      method: 'POST',
      path: `/api/graves/${encodeURIComponent(graveId)}/bury`,
      body: JSON.stringify({ name, burialDate: '2025-01-15' }),
      graveId,
    };
  }
  switch (i % 4) {
    case 0:
      return { kind: 'whole section', method: 'GET', path: i % 8 === 0 ? '/api/graves/male' : '/api/graves/female' };
    case 1:
      return { kind: 'recent burials', method: 'GET', path: '/api/graves/recentBurials' };
    case 2:
      return {
        kind: 'search',
        method: 'GET',
        path: `/api/search?q=${encodeURIComponent(plan.queries[i % plan.queries.length]!)}`,
      };
    default:
      return {
        kind: 'grave',
        method: 'GET',
        path: `/api/graves/graves/${plan.graveIds[i % plan.graveIds.length]!}`,
      };
  }
}

function send(agent: Agent, target: number, step: Step): Promise<void> {
  const { hostname, port } = new URL(plan.urls[target]!);
  const headers: Record<string, string> = { 'accept-encoding': 'br, gzip' };
  if (step.body !== undefined) {
    headers['content-type'] = 'application/json';
    headers.authorization = `Bearer ${plan.token}`;
    writes++;
  }
  const started = performance.now();
  const failed = (why: string) => errors.push(`${step.method} ${step.path.split('?')[0]}: ${why}`);
  return new Promise((resolve) => {
    const req = httpRequest({ host: hostname, port, method: step.method, path: step.path, agent, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => step.body !== undefined && chunks.push(chunk));
      res.on('end', () => {
        const took = performance.now() - started;
        latencies.push(took);
        const ofKind = kinds.get(step.kind) ?? [];
        if (ofKind.length === 0) kinds.set(step.kind, ofKind);
        ofKind.push(took);
        perProcess[target]!++;
        const status = res.statusCode ?? 0;
        if (status >= 400) failed(String(status));
        else if (step.kind === 'grave added' && status === 201) {
          created.push((JSON.parse(Buffer.concat(chunks).toString('utf8')) as { _id: string })._id);
        } else if (step.graveId !== undefined && status === 201) {
          const grave = (
            JSON.parse(Buffer.concat(chunks).toString('utf8')) as { grave: { buriedPersons: Array<{ _id: string }> } }
          ).grave;
          acknowledged.push([step.graveId, grave.buriedPersons[0]!._id]);
        }
        resolve();
      });
      res.on('error', (error) => {
        failed(error.message);
        resolve();
      });
    });
    req.on('error', (error) => {
      failed(error.message);
      resolve();
    });
    req.end(step.body);
  });
}

async function client(index: number, until: number): Promise<void> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const target = index % plan.urls.length;
  // Each client starts at another place in the round, so the 200 do not all ask the same thing at once.
  for (let i = index; performance.now() < until; i++) await send(agent, target, stepOf(i));
  agent.destroy();
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

const started = performance.now();
await Promise.all(Array.from({ length: plan.clients }, (_, i) => client(i, started + plan.seconds * 1000)));
const took = (performance.now() - started) / 1000;
const sorted = latencies.sort((a, b) => a - b);
const result: ScaleOutResult = {
  requests: latencies.length,
  perSecond: latencies.length / took,
  p50: percentile(sorted, 50),
  p99: percentile(sorted, 99),
  max: sorted.at(-1) ?? NaN,
  perProcess,
  byKind: Object.fromEntries(
    [...kinds].map(([kind, took]) => {
      const ordered = took.sort((a, b) => a - b);
      const figures = { requests: ordered.length, p50: percentile(ordered, 50), p99: percentile(ordered, 99) };
      return [kind, { ...figures, max: ordered.at(-1) ?? NaN }];
    }),
  ) as ScaleOutResult['byKind'],
  errors: errors.length,
  someErrors: [...new Set(errors)].slice(0, 5),
  writes,
  acknowledged,
  created,
};
console.log(JSON.stringify(result));
