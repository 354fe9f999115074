// The Node releases the register runs on are those package.json's engines field accepts (">=22.13"). An older Node
// loads the SQLite driver and crashes later, far from the cause, so every start refuses it first, with one line a
// host can act on, in Arabic and in English (the terminal may not show Arabic).
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const root = resolve(import.meta.dirname, '..');

/** The oldest release package.json accepts, as [major, minor, patch]. */
export function oldestSupported() {
  const range = JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8')).engines.node;
  const match = /^>=\s*(\d+)(?:\.(\d+))?(?:\.(\d+))?$/.exec(range.trim());
  if (!match) throw new Error(`package.json engines.node is not of the form ">=X.Y": ${range}`);
  return [Number(match[1]), Number(match[2] ?? 0), Number(match[3] ?? 0)];
}

/** Why this Node cannot run the register, or null when it can. */
export function unsupportedNodeReason(version = process.versions.node) {
  const have = version.split('.').map(Number);
  const want = oldestSupported();
  for (let i = 0; i < 3; i++) {
    if (have[i] > want[i]) return null;
    if (have[i] < want[i]) {
      const needed = want.join('.');
      return (
        `لا يعمل سجل المقابر على Node.js ${version}: يلزم الإصدار ${needed} أو أحدث (يُنصح بـ 24 LTS). ` +
        `/ The register does not run on Node.js ${version}: it needs ${needed} or newer (24 LTS recommended).`
      );
    }
  }
  return null;
}

/** Stops the process with the reason when this Node is too old. */
export function refuseUnsupportedNode() {
  const reason = unsupportedNodeReason();
  if (reason) {
    console.error(reason);
    process.exit(1);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) refuseUnsupportedNode();
