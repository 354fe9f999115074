// The browser's entry: the public site (src/public/PublicApp.tsx, with its own small router) or, under /admin/*,
// the staff console, which loads — with react-router, react-admin and MUI — only when a console address opens.
// A public address arrives with its first screen already drawn by the server: React takes that markup over
// (hydrateRoot) instead of drawing it again.
import { lazy, startTransition, StrictMode, Suspense, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { FIRST_DATA } from './api/firstData';
import { CONSOLE_BASE } from './domain/consolePaths';
import { FIRST_DATA_ELEMENT_ID, publicPageOf } from './domain/publicPages';
import { Loading } from './public/components/Status';
import { PublicApp } from './public/PublicApp';
import { useLocation } from './public/router';
import { afterFirstPaint, prefetch } from './public/useApi';
import './public/styles.css';

// The console (src/admin/AdminApp: react-admin's <Admin basename="/admin">) renders in a react-router
// <Route path="/admin/*"> of a BrowserRouter, as the console expects; react-router, react-admin and MUI load only
// here, never on a public page.
const ConsoleRoot = lazy(async () => {
  const [{ BrowserRouter, Route, Routes: RouterRoutes, useLocation: useRouterLocation }, { default: AdminApp }] = await Promise.all([
    import('react-router'),
    import('./admin/AdminApp'),
  ]);
  // Should the console route to a public address in-page, the public site takes over with a page load.
  function LeaveConsole() {
    const { pathname, search, hash } = useRouterLocation();
    const inConsole = pathname === CONSOLE_BASE || pathname.startsWith(`${CONSOLE_BASE}/`);
    useEffect(() => {
      if (!inConsole) window.location.assign(pathname + search + hash);
    }, [inConsole, pathname, search, hash]);
    return null;
  }
  return {
    default: function ConsoleRoot() {
      return (
        <BrowserRouter>
          <LeaveConsole />
          {/* As a nested route, react-admin matches its resources relative to /admin. */}
          <RouterRoutes>
            <Route path={`${CONSOLE_BASE}/*`} element={<AdminApp />} />
          </RouterRoutes>
        </BrowserRouter>
      );
    },
  };
});

function App({ firstData }: { firstData: Map<string, unknown> }) {
  const { pathname } = useLocation();
  if (pathname === CONSOLE_BASE || pathname.startsWith(`${CONSOLE_BASE}/`)) {
    return (
      <Suspense fallback={<Loading />}>
        <ConsoleRoot />
      </Suspense>
    );
  }
  return <PublicApp firstData={firstData} />;
}

// The answers the server drew the first screen with (a grave page's grave), by API path.
const embedded = document.getElementById(FIRST_DATA_ELEMENT_ID)?.textContent;
const firstData = new Map<string, unknown>(Object.entries(embedded ? (JSON.parse(embedded) as Record<string, unknown>) : {}));

// Without the server's markup (npm run dev), a grave's or an article's heading waits for its answer: the request
// starts now, not after the page's chunk has loaded and rendered.
const opened = publicPageOf(window.location.pathname);
const firstPath = opened && FIRST_DATA[opened.page]?.(opened.params);
if (firstPath && !firstData.has(firstPath)) prefetch(firstPath);

const root = document.getElementById('root')!;
const app = (
  <StrictMode>
    <App firstData={firstData} />
  </StrictMode>
);
// Taking the markup over waits until the browser has painted it, so the visitor sees the page at once rather than
// after the work; and, as a transition, it yields to the browser every few milliseconds instead of holding the
// main thread (a tap meanwhile is answered, not queued behind it).
if (root.firstElementChild) void afterFirstPaint().then(() => startTransition(() => void hydrateRoot(root, app)));
else createRoot(root).render(app);
