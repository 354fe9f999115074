// The statistics block: numbers count up over 2.5 s once the block is half visible (spec sections 2 and 9);
// with prefers-reduced-motion they show at once. Male and female deaths are hidden on small screens (CSS).
import { useEffect, useRef, useState } from 'react';
import { paths } from '../../api';
import { forecastSummaryPath } from '../../api/forecastSummaryPath';
import { formatNumber } from '../../domain/text/format';
import { useApi } from '../useApi';
import { ErrorMessage } from './Status';
import { ui, pt } from '../text';

export const COUNT_UP_MS = 2500;

interface Stat {
  key: string;
  label: string;
  value: number | null;
  wide?: boolean;
}

/**
 * Whether the element has come into view: by `threshold` of its own height, or, with `rootMargin` (e.g. '100% 0px'),
 * within that distance of the screen. It stays true once it has.
 */
function useSeen(ref: React.RefObject<HTMLElement | null>, options: IntersectionObserverInit): boolean {
  const [seen, setSeen] = useState(false);
  const { threshold, rootMargin } = options;
  useEffect(() => {
    const node = ref.current;
    if (!node || seen) return;
    if (typeof IntersectionObserver === 'undefined') {
      setSeen(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setSeen(true);
          observer.disconnect();
        }
      },
      { threshold, rootMargin },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [ref, seen, threshold, rootMargin]);
  return seen;
}

function reducedMotion(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * The count-up, started once `start` turns true: returns false until it has ended, then true (the final numbers
 * render). Meanwhile each frame writes the eased number straight into the value's text node (`values`), so no
 * React render runs per frame.
 */
function useCountUp(start: boolean, values: ReadonlyArray<{ node: HTMLElement | null; value: number }>): boolean {
  const [done, setDone] = useState(false);
  const latest = useRef(values);
  latest.current = values;
  useEffect(() => {
    if (!start) return;
    if (reducedMotion()) {
      setDone(true);
      return;
    }
    let frame = 0;
    // Timed from the first frame's own time: a frame's time is when that frame began, which can be earlier than a
    // clock read here, and a count timed from here would start below zero (a negative number, shown for a frame).
    let began: number | null = null;
    const tick = (now: number) => {
      began ??= now;
      const p = Math.min(1, (now - began) / COUNT_UP_MS);
      if (p >= 1) {
        setDone(true);
        return;
      }
      // Ease out: fast at first, settling on the final number.
      const eased = 1 - (1 - p) ** 3;
      for (const { node, value } of latest.current) {
        const text = node?.firstChild;
        if (text && text.nodeType === Node.TEXT_NODE) text.nodeValue = formatNumber(Math.round(value * eased));
      }
      frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [start]);
  return done;
}

export function Statistics() {
  const ref = useRef<HTMLElement>(null);
  // The figures are asked for once the block comes within a screen of view. Asked with the page, their six
  // requests took the six connections a browser opens to a site, and a name typed at once waited behind them for
  // its answer (on a slow phone's network, a few hundred milliseconds).
  const near = useSeen(ref, { rootMargin: '100% 0px' });
  const total = useApi<{ totalDeaths: number }>(near ? paths.totalDeaths() : null);
  const available = useApi<{ availableGravesCount: number }>(near ? paths.availableCount() : null);
  const unavailable = useApi<{ unavailableGravesCount: number }>(near ? paths.unavailableCount() : null);
  const male = useApi<{ maleDeaths: number }>(near ? paths.maleDeaths() : null);
  const female = useApi<{ femaleDeaths: number }>(near ? paths.femaleDeaths() : null);
  // Each section's forecast in a sentence (when it is expected to fill); a line that cannot be read is left out.
  const outlook = useApi<Array<{ section: string; sentence: string }>>(near ? forecastSummaryPath() : null);

  const stats: Stat[] = [
    { key: 'available', label: ui['stats.available'], value: available.state === 'done' ? available.data.availableGravesCount : null },
    { key: 'unavailable', label: ui['stats.unavailable'], value: unavailable.state === 'done' ? unavailable.data.unavailableGravesCount : null },
    { key: 'total', label: ui['stats.totalDeaths'], value: total.state === 'done' ? total.data.totalDeaths : null },
    { key: 'male', label: ui['stats.maleDeaths'], value: male.state === 'done' ? male.data.maleDeaths : null, wide: true },
    { key: 'female', label: ui['stats.femaleDeaths'], value: female.state === 'done' ? female.data.femaleDeaths : null, wide: true },
  ];
  const loaded = stats.every((s) => s.value !== null);
  // A figure that could not be read says so (a dash alone would look like a figure still coming).
  const failed = [total, available, unavailable, male, female].filter((a) => a.state === 'error');

  const visible = useSeen(ref, { threshold: 0.5 });
  const nodes = useRef<Record<string, HTMLElement | null>>({});
  const done = useCountUp(
    visible && loaded,
    stats.map((s) => ({ node: nodes.current[s.key] ?? null, value: s.value ?? 0 })),
  );

  return (
    <section ref={ref} className="stats" aria-labelledby="stats-heading">
      <h2 id="stats-heading">{ui['home.stats']}</h2>
      <ul className="stats-grid">
        {stats.map((s) => (
          <li key={s.key} className={s.wide ? 'stat stat-wide' : 'stat'} data-stat={s.key}>
            <span
              className="stat-value"
              data-final={s.value ?? ''}
              ref={(node) => {
                nodes.current[s.key] = node;
              }}
            >
              {s.value === null ? '—' : formatNumber(done ? s.value : 0)}
            </span>
            <span className="stat-label">{s.label}</span>
          </li>
        ))}
      </ul>
      {outlook.state === 'done' && outlook.data.length > 0 && (
        // Styled here, not in the site's style sheet, which every page's first download carries.
        <ul style={{ margin: '0.75rem 0 0', padding: 0, listStyle: 'none', lineHeight: 1.7 }}>
          {outlook.data.map((line) => (
            <li key={line.section} data-outlook={line.section}>
              {line.sentence}
            </li>
          ))}
        </ul>
      )}
      {failed.length > 0 && (
        <ErrorMessage text={pt['public.loadError']} onRetry={() => failed.forEach((a) => a.reload())} />
      )}
    </section>
  );
}
