// The benchmark's load client, run in a process of its own (bench/run.ts starts it): CLIENTS visitors and staff,
// each on one kept-alive connection, each going round the mix of public reads and staff writes one request after
// another, for SECONDS. The answers are asked compressed, as a browser asks them; bodies of reads are counted and
// dropped. autocannon on the same two cores spent more time reading the section answers than the server took to
// send them (measured: the client at 70 % of a core, the server at 20 %), so it measured itself.
//
// Usage: tsx bench/load.ts '{"url":…,"clients":200,"seconds":60,"token":…,"graveId":…,"firstNumber":10000}'
// Prints one JSON line: requests, per-second rate, latency percentiles, errors, and the ids of acknowledged writes.
import { Agent, request as httpRequest } from 'node:http';

interface Plan {
  url: string;
  clients: number;
  seconds: number;
  token: string;
  graveId: string;
  firstNumber: number;
}

interface Step {
  method: 'GET' | 'POST';
  path: string;
  body?: () => string;
}

const plan = JSON.parse(process.argv[2]!) as Plan;
const { hostname, port } = new URL(plan.url);
let nextNumber = plan.firstNumber;
const mix: Step[] = [
  { method: 'GET', path: '/api/graves/male' },
  { method: 'GET', path: `/api/search?q=${encodeURIComponent('احمد')}` },
  { method: 'GET', path: '/api/graves/recentBurials' },
  { method: 'GET', path: `/api/graves/graves/${plan.graveId}` },
  { method: 'POST', path: '/api/graves', body: () => JSON.stringify({ gender: 'women', number: nextNumber++ }) },
];

const latencies: number[] = [];
const errors: string[] = [];
const acknowledged: string[] = [];
let writes = 0;

function send(agent: Agent, step: Step): Promise<void> {
  const body = step.body?.();
  const headers: Record<string, string> = { 'accept-encoding': 'br, gzip' };
  if (body !== undefined) {
    headers['content-type'] = 'application/json';
    headers.authorization = `Bearer ${plan.token}`;
  }
  const started = performance.now();
  return new Promise((resolve) => {
    const req = httpRequest({ host: hostname, port, method: step.method, path: step.path, agent, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => body !== undefined && chunks.push(chunk));
      res.on('end', () => {
        latencies.push(performance.now() - started);
        const status = res.statusCode ?? 0;
        if (status >= 400) errors.push(`${step.method} ${step.path}: ${status}`);
        else if (body !== undefined && status === 201) {
          acknowledged.push((JSON.parse(Buffer.concat(chunks).toString('utf8')) as { _id: string })._id);
        }
        resolve();
      });
      res.on('error', (error) => {
        errors.push(`${step.method} ${step.path}: ${error.message}`);
        resolve();
      });
    });
    req.on('error', (error) => {
      errors.push(`${step.method} ${step.path}: ${error.message}`);
      resolve();
    });
    if (body !== undefined) writes++;
    req.end(body);
  });
}

async function client(index: number, until: number): Promise<void> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  // Each client starts at another place in the mix, so the 200 do not all ask the same thing at once.
  for (let i = index; performance.now() < until; i++) await send(agent, mix[i % mix.length]!);
  agent.destroy();
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

const started = performance.now();
const until = started + plan.seconds * 1000;
await Promise.all(Array.from({ length: plan.clients }, (_, i) => client(i, until)));
const took = (performance.now() - started) / 1000;
const sorted = latencies.sort((a, b) => a - b);
console.log(
  JSON.stringify({
    requests: latencies.length,
    perSecond: latencies.length / took,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? NaN,
    errors: errors.length,
    someErrors: [...new Set(errors)].slice(0, 5),
    writes,
    acknowledged,
  }),
);
