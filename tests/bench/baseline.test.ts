// The bench's guard: which figures it names as slipped against the committed baseline, and which it leaves alone.
import { describe, expect, it } from 'vitest';
import { betterDirection, slipped, slipsMarkdown, type Baseline, type BenchRow } from '../../bench/baseline';

const row = (figure: string, value: number, unit: string, target = ''): BenchRow => ({
  group: 'api',
  figure,
  value,
  unit,
  target,
});
const MACHINE = '2 × CPU, 8 GiB, Node v24';
const baseline: Baseline = {
  date: '2026-11-29',
  machine: MACHINE,
  rows: [
    row('tap to a grave page', 400, 'ms', '≤ 500 ms'),
    row('GET /graves/male vs bare Node', 1.0, '', '≥ 0.80'),
    row('home page JavaScript', 88, 'KB', '≤ 90 KB'),
    row('resident memory', 150, 'MB'),
    row('photos drawn', 3, 'photos', '3'),
  ],
};

describe('the bench’s baseline guard', () => {
  it('reads which way is better from the target, else from the unit', () => {
    expect(betterDirection(row('a', 1, 'ms', '< 1000 ms'))).toBe(-1);
    expect(betterDirection(row('a', 1, '', '≥ 0.80'))).toBe(1);
    expect(betterDirection(row('a', 1, 'MB'))).toBe(-1);
    expect(betterDirection(row('a', 1, 'photos', '3'))).toBe(0);
  });

  it('names a figure more than 20 % worse, in either direction, and leaves the rest', () => {
    const now = [
      row('tap to a grave page', 520, 'ms', '≤ 500 ms'), // 30 % slower
      row('GET /graves/male vs bare Node', 0.85, '', '≥ 0.80'), // 15 % lower: within
      row('home page JavaScript', 110, 'KB', '≤ 90 KB'), // 25 % heavier
      row('resident memory', 100, 'MB'), // better
      row('photos drawn', 1, 'photos', '3'), // no direction
      row('a new figure', 5, 'ms'), // nothing to compare with
    ];
    const found = slipped(now, baseline, MACHINE);
    expect(found.map((s) => s.figure)).toEqual(['api: tap to a grave page', 'api: home page JavaScript']);
    expect(found[0]!.worse).toBeCloseTo(0.3);
    expect(slipsMarkdown(found, baseline, MACHINE)).toContain('- api: tap to a grave page: 400 → 520 ms (30 % worse)');
  });

  it('compares only sizes, counts and ratios on another machine', () => {
    const now = [
      row('tap to a grave page', 900, 'ms', '≤ 500 ms'),
      row('GET /graves/male vs bare Node', 0.5, '', '≥ 0.80'),
    ];
    const found = slipped(now, baseline, 'another machine');
    expect(found.map((s) => s.figure)).toEqual(['api: GET /graves/male vs bare Node']);
    expect(slipsMarkdown([], baseline, 'another machine')).toMatch(/^Nothing slipped .*another machine: sizes/);
  });
});
