// What `npm start` gives the server, read from package.json's start script itself: the tests and the bench that
// run "the server as a village runs it" start it with the same memory settings, which live in one place.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface NpmStart {
  /** Node's own flags (the heap bounds), before the script. */
  nodeArgs: string[];
  /** The variables the script sets for the process (the allocator's arenas). */
  env: Record<string, string>;
  /** The script node runs. */
  script: string;
}

const ROOT = join(import.meta.dirname, '..', '..');

/** `${NAME:-default}` as sh expands it: the variable when set and not empty, else the default. */
const expand = (word: string, env: NodeJS.ProcessEnv) =>
  word.replace(/\$\{(\w+):-([^}]*)\}/g, (_, name: string, fallback: string) => env[name] || fallback);

/** Reads `VAR=value … node --flag … script` from package.json's start script, expanded against `env`. */
export function npmStart(env: NodeJS.ProcessEnv = process.env): NpmStart {
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: { start: string } };
  const words = pkg.scripts.start.trim().split(/\s+/);
  const vars: Record<string, string> = {};
  let at = 0;
  for (; at < words.length && /^\w+=/.test(words[at]!); at++) {
    const [name, ...value] = words[at]!.split('=');
    vars[name!] = expand(value.join('='), env);
  }
  if (words[at] !== 'node') throw new Error(`package.json's start script does not run node: ${pkg.scripts.start}`);
  const rest = words.slice(at + 1).map((w) => expand(w, env));
  const script = rest.pop()!;
  if (!rest.every((w) => w.startsWith('--')))
    throw new Error(`unexpected words in the start script: ${rest.join(' ')}`);
  return { nodeArgs: rest, env: vars, script };
}
