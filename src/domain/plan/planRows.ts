// The rule for the rows the committee names, shared by the API (which enforces it) and the console's
// rows editor (which warns before sending). Each refusal names the row, so a long list is fixed in one look.
import { t } from '../messages';
import { toWesternDigits } from '../search/normalize';
import { PLAN_LIMITS, type PlanRow } from './plan';
import { cleanText } from '../text/textRules';
import { LIMITS } from '../rules/validation';

export type CheckedRows = { ok: true; value: PlanRow[] } | { ok: false; error: string };

const whole = (value: unknown): number | null => {
  if (typeof value === 'number') return Number.isInteger(value) ? value : null;
  if (typeof value !== 'string') return null;
  const text = toWesternDigits(value.trim());
  return /^\d{1,6}$/.test(text) ? Number(text) : null;
};

/** Clean rows (labels trimmed, numbers whole), in the order given, or the Arabic reason of the first fault. */
export function checkPlanRows(input: unknown): CheckedRows {
  if (!Array.isArray(input)) return { ok: false, error: t('plan.rowsInvalid') };
  if (input.length > PLAN_LIMITS.rowsMax) return { ok: false, error: t('plan.rowsTooMany') };
  const rows: PlanRow[] = [];
  const labels = new Set<string>();
  for (const [i, raw] of input.entries()) {
    const item = (raw ?? {}) as Record<string, unknown>;
    const n = (i + 1).toLocaleString('ar-EG');
    // A label is a name shown on the plan: the input rules of a line first (textRules.ts), then its own.
    const clean = cleanText(typeof item.label === 'string' ? item.label : '', 'line');
    if (!clean.ok) return { ok: false, error: t(`input.planRowLabel.${clean.fault}`, { n }) };
    const label = clean.value.trim().replace(/\s+/g, ' ');
    if (label === '' || [...label].length > PLAN_LIMITS.labelMax)
      return { ok: false, error: t('plan.rowLabel', { n }) };
    if (labels.has(label)) return { ok: false, error: t('plan.rowLabelTaken', { label }) };
    labels.add(label);
    const from = whole(item.from);
    const to = whole(item.to);
    if (from === null || to === null || from < 1 || to > LIMITS.graveNumberMax || from > to)
      return { ok: false, error: t('plan.rowNumbers', { label }) };
    if (to - from + 1 > PLAN_LIMITS.rowCellsMax) return { ok: false, error: t('plan.rowTooLong', { label }) };
    rows.push({ label, from, to });
  }
  const sorted = [...rows].sort((a, b) => a.from - b.from);
  for (let i = 1; i < sorted.length; i++) {
    const [before, after] = [sorted[i - 1]!, sorted[i]!];
    if (after.from <= before.to)
      return { ok: false, error: t('plan.rowsOverlap', { first: before.label, second: after.label }) };
  }
  return { ok: true, value: rows };
}
