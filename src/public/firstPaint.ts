// The moment the first screen has been shown, for the work that should not share the first paint: the site's own
// scripts (src/ssr/boot.ts), the answers no text of the first screen waits for, the offline site. Small and with no
// imports: the browser's first script loads it before anything else.

let painted: Promise<void> | null = null;
/**
 * Resolves once the first screen has been shown (its first contentful paint). Requests that no text of the first
 * screen waits for start only then, so the first paint does not share the slow network (and the main thread)
 * with them. Later calls resolve at once. A hidden tab paints nothing: there the requests start at once; and
 * they never wait more than a few seconds.
 */
export function afterFirstPaint(): Promise<void> {
  painted ??= new Promise<void>((resolve) => {
    if (typeof document === 'undefined' || document.visibilityState !== 'visible') {
      resolve();
      return;
    }
    const done = () => setTimeout(resolve, 0);
    setTimeout(resolve, 3000);
    document.addEventListener('visibilitychange', () => resolve(), { once: true });
    if (typeof PerformanceObserver !== 'undefined' && PerformanceObserver.supportedEntryTypes?.includes('paint')) {
      const observer = new PerformanceObserver((list) => {
        if (list.getEntriesByName('first-contentful-paint').length > 0) {
          observer.disconnect();
          done();
        }
      });
      observer.observe({ type: 'paint', buffered: true });
    } else if (typeof requestAnimationFrame === 'function') {
      // The frame is drawn after the rAF callback; the timeout runs once it has been.
      requestAnimationFrame(done);
    } else {
      resolve();
    }
  });
  return painted;
}
