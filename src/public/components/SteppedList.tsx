// Renders a long list in steps: the first STEP items at once, then STEP more whenever the end of the list comes
// near the screen (or on the button), so a section of 1,500 graves never builds 1,500 cards per keystroke.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { pt } from '../text';

export const STEP = 60;

interface Props<T> {
  items: ReadonlyArray<T>;
  /** When it changes (a new search), the list starts again from the first step. */
  resetKey: string;
  render: (item: T) => ReactNode;
  className?: string;
}

export function SteppedList<T>({ items, resetKey, render, className }: Props<T>) {
  const [shown, setShown] = useState(STEP);
  const [shownFor, setShownFor] = useState(resetKey);
  const sentinel = useRef<HTMLDivElement>(null);

  // A new search starts again from the first step in the same render (not in an effect, which would draw the
  // old length once more and then again).
  if (shownFor !== resetKey) {
    setShownFor(resetKey);
    setShown(STEP);
  }

  const more = shown < items.length;
  useEffect(() => {
    const node = sentinel.current;
    if (!more || !node || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setShown((n) => n + STEP);
      },
      { rootMargin: '600px 0px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [more, shown]);

  return (
    <>
      <ul className={className}>{items.slice(0, shown).map(render)}</ul>
      {more && (
        <div ref={sentinel} className="list-more">
          <button type="button" className="button button-secondary" onClick={() => setShown((n) => n + STEP)}>
            {pt['public.showMoreGraves']}
          </button>
        </div>
      )}
    </>
  );
}
