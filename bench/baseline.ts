// The guard against slipping back: each figure of a run beside the same figure in bench/results/baseline.json (a run
// kept on purpose, on the machine it names), and a list of those that moved the wrong way by more than a fifth.
// Which way is wrong is read from the figure's target (< and ≤: lower is better; ≥ and >: higher) or, without a
// target, from its unit (times, sizes and memory: lower is better). A figure with neither is not compared.
// Ratios against bare Node, sizes and counts hold on any machine; times are compared only on the baseline's machine.

export interface BenchRow {
  group: string;
  figure: string;
  value: number;
  unit: string;
  target: string;
}

export interface Baseline {
  date: string;
  machine: string;
  rows: BenchRow[];
}

/** How far a figure may move the wrong way before it is named: 20 %. */
export const SLIP = 0.2;

const LOWER_IS_BETTER_UNITS = new Set(['ms', 's', 'MB', 'KB', 'bytes']);

/** +1 when a higher value is better, -1 when lower is, 0 when the figure says neither. */
export function betterDirection(row: Pick<BenchRow, 'unit' | 'target'>): 1 | -1 | 0 {
  const target = row.target.trim();
  if (/^(<|≤)/.test(target)) return -1;
  if (/^(>|≥)/.test(target)) return 1;
  if (LOWER_IS_BETTER_UNITS.has(row.unit)) return -1;
  return 0;
}

/** Whether a figure's value means the same on another machine: a ratio, a size or a count, not a time. */
function machineFree(row: BenchRow): boolean {
  return !['ms', 's'].includes(row.unit);
}

export interface Slip {
  figure: string;
  before: number;
  now: number;
  unit: string;
  /** How much worse, as a fraction of the baseline's value (0.25 is 25 % worse). */
  worse: number;
}

/**
 * The figures of `rows` that are more than SLIP worse than in `baseline`. On another machine than the baseline's,
 * only the figures that do not depend on the machine are compared.
 */
export function slipped(rows: readonly BenchRow[], baseline: Baseline, machine: string): Slip[] {
  const sameMachine = baseline.machine === machine;
  const before = new Map(baseline.rows.map((row) => [`${row.group}: ${row.figure}`, row]));
  const found: Slip[] = [];
  for (const row of rows) {
    const name = `${row.group}: ${row.figure}`;
    const old = before.get(name);
    const direction = betterDirection(row);
    if (!old || direction === 0 || old.unit !== row.unit || !(old.value > 0)) continue;
    if (!sameMachine && !machineFree(row)) continue;
    const worse = direction === -1 ? row.value / old.value - 1 : 1 - row.value / old.value;
    if (worse > SLIP) found.push({ figure: name, before: old.value, now: row.value, unit: row.unit, worse });
  }
  return found;
}

/** The slips as the bench prints them (Markdown). */
export function slipsMarkdown(slips: readonly Slip[], baseline: Baseline, machine: string): string {
  const against = `against the baseline of ${baseline.date} (${baseline.machine})`;
  const scope = baseline.machine === machine ? '' : ' (another machine: sizes, counts and ratios only)';
  if (slips.length === 0) return `Nothing slipped by more than ${SLIP * 100} % ${against}${scope}.`;
  return [
    `Slipped by more than ${SLIP * 100} % ${against}${scope}:`,
    '',
    ...slips.map(
      (s) => `- ${s.figure}: ${round(s.before)} → ${round(s.now)} ${s.unit} (${Math.round(s.worse * 100)} % worse)`,
    ),
  ].join('\n');
}

const round = (n: number) => (Math.abs(n) >= 100 ? Math.round(n) : Math.round(n * 100) / 100);
