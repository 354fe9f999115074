// The plan's drawing as SVG markup, built by one pure function for the server's page, the browser and
// the console. Markup rather than React elements on purpose: three thousand graves are some twelve thousand SVG
// nodes, and a cheap phone spends most of a second hydrating them one by one; a block of markup the server drew
// is taken over as it is (React keeps innerHTML it was given when hydrating), and redrawn whole when the search
// marks other graves, which takes a few milliseconds.
import { formatDays, formatGraveNumber } from '../text/format';
import { graveName } from '../text/graveLifeText';
import { fill } from '../messages/fill';
import { planPublicText as text } from '../messages/planPublic';
import { PLAN_CELL, type PlanRowDrawn, type PlanSection } from './plan';
import type { Gender } from '../types';

/** Geometry in SVG units; the drawing scales to the width it is given (a phone shows 10 cells a row). */
const CELL = 34;
const STEP = 37;
const LABEL = 44;
/** Rows per drawn block: a block is never cut by a printed page (print stylesheet), and 10 rows fit any A4. */
export const ROWS_PER_BLOCK = 10;

export const foundKey = (gender: Gender, number: number | string) => `${gender}:${number}`;

export interface DrawOptions {
  /** Where a cell leads (the public page: the grave's page through /plan/…; the console: its own). */
  hrefOf: (gender: Gender, number: number | string) => string;
  /** The graves to mark, as foundKey gives them (the people a search found). */
  found?: ReadonlySet<string>;
}

const escapeXml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

/** The section's rows cut in blocks of ROWS_PER_BLOCK. */
export function blocksOf(section: PlanSection): PlanRowDrawn[][] {
  const blocks: PlanRowDrawn[][] = [];
  for (let i = 0; i < section.rows.length; i += ROWS_PER_BLOCK) blocks.push(section.rows.slice(i, i + ROWS_PER_BLOCK));
  return blocks;
}

/** A block's size in SVG units, which is also its size in CSS pixels on a screen wide enough for it. */
export function blockSize(rows: readonly PlanRowDrawn[]): { width: number; height: number } {
  const cellsMax = Math.max(1, ...rows.map((r) => r.to - r.from + 1));
  return { width: LABEL + cellsMax * STEP, height: rows.length * STEP };
}

/** What a cell says to a screen reader and in its tooltip. */
function cellTitle(cell: string, gender: Exclude<Gender, 'bones'>, number: number, daysLeft: number): string {
  const grave = graveName({ gender, number });
  if (cell === PLAN_CELL.available) return fill(text['plan.cellAvailable'], { grave });
  if (cell === PLAN_CELL.resting) return fill(text['plan.cellResting'], { grave, days: formatDays(daysLeft) });
  return fill(text['plan.cellFull'], { grave });
}

/**
 * One block of rows as an <svg>, drawn right to left: the row's label on the right, then its first number, as
 * the register is read. Each grave is a link with its number, its status as a colour (class a, r or f) and in
 * words in its <title>; a resting grave also shows its days left. Numbers with no grave are faint outlines.
 */
export function blockSvg(
  gender: Exclude<Gender, 'bones'>,
  rows: readonly PlanRowDrawn[],
  options: DrawOptions,
): string {
  const { width, height } = blockSize(rows);
  let out = `<svg class="plan-svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="group" aria-label="${escapeXml(sectionName(gender))}">`;
  rows.forEach((row, r) => {
    out += `<g transform="translate(0 ${r * STEP})">`;
    out += `<text class="rl" x="${width - LABEL / 2}" y="${CELL / 2}">${escapeXml(row.unplaced ? '–' : row.label)}</text>`;
    let resting = 0;
    for (let i = 0; i <= row.to - row.from; i++) {
      const cell = row.cells[i] ?? PLAN_CELL.none;
      const x = width - LABEL - (i + 1) * STEP;
      if (cell === PLAN_CELL.none) {
        out += `<rect class="none" x="${x}" width="${CELL}" height="${CELL}"/>`;
        continue;
      }
      const number = row.from + i;
      const days = cell === PLAN_CELL.resting ? (row.days[resting++] ?? 0) : 0;
      const hit = options.found?.has(foundKey(gender, number)) ? ' hit' : '';
      const label = formatGraveNumber(number);
      out += `<a href="${escapeXml(options.hrefOf(gender, number))}" class="${cell}${hit}">`;
      out += `<title>${escapeXml(cellTitle(cell, gender, number, days))}</title>`;
      out += `<rect x="${x}" width="${CELL}" height="${CELL}"/>`;
      const size = label.length > 3 ? ' class="long"' : '';
      if (cell === PLAN_CELL.resting) {
        out += `<text${size} x="${x + CELL / 2}" y="12">${label}</text>`;
        out += `<text class="d" x="${x + CELL / 2}" y="26">${formatGraveNumber(days)}</text>`;
      } else {
        out += `<text${size} x="${x + CELL / 2}" y="${CELL / 2}">${label}</text>`;
      }
      out += '</a>';
    }
    out += '</g>';
  });
  return `${out}</svg>`;
}

export const sectionName = (gender: Gender) =>
  gender === 'men'
    ? text['plan.sectionMen']
    : gender === 'women'
      ? text['plan.sectionWomen']
      : text['plan.sectionBones'];

/** A row in words, for the written plan: «الصف أ (من ١ إلى ١٠): متاحة: ١، ٤ — في فترة الراحة: ٢ …». */
export function rowInWords(row: PlanRowDrawn): { title: string; parts: string[] } {
  const name = row.unplaced ? text['plan.unplaced'] : fill(text['plan.row'], { label: row.label });
  const title = fill(text['plan.textRow'], {
    row: name,
    from: formatGraveNumber(row.from),
    to: formatGraveNumber(row.to),
  });
  const available: string[] = [];
  const resting: string[] = [];
  const full: string[] = [];
  let r = 0;
  for (let i = 0; i <= row.to - row.from; i++) {
    const n = formatGraveNumber(row.from + i);
    const cell = row.cells[i];
    if (cell === PLAN_CELL.available) available.push(n);
    else if (cell === PLAN_CELL.full) full.push(n);
    else if (cell === PLAN_CELL.resting) resting.push(`${n} (${formatDays(row.days[r++] ?? 0)})`);
  }
  const parts: string[] = [];
  if (available.length) parts.push(fill(text['plan.textAvailable'], { numbers: available.join('، ') }));
  if (resting.length) parts.push(fill(text['plan.textResting'], { numbers: resting.join('، ') }));
  if (full.length) parts.push(fill(text['plan.textFull'], { numbers: full.join('، ') }));
  return { title, parts };
}
