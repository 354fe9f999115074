// One entry for the whole site: the public screens (their own small router, src/public/router.tsx), the redirects
// from the spec's staff paths, and the staff console under /admin/*, which loads — with react-router, react-admin
// and MUI — only when a console address opens.
import { lazy, StrictMode, Suspense, useEffect, type ComponentType, type ReactElement } from 'react';
import { createRoot } from 'react-dom/client';
import { FIRST_DATA } from './api/firstData';
import { CONSOLE_BASE, LEGACY_STAFF_REDIRECTS } from './domain/consolePaths';
import { PUBLIC_PAGES, publicPageOf, type PublicPageName } from './domain/publicPages';
import { Loading } from './public/components/Status';
import { Layout } from './public/layout/Layout';
import HomePage from './public/pages/HomePage';
import { matchPath, Navigate, Routes, useLocation, type RouteDef } from './public/router';
import { SessionProvider } from './public/session';
import { prefetch } from './public/useApi';
import './public/styles.css';

// The home page is in the first download; every other screen is its own small chunk (the server names the chunk
// of the address asked for in the page it sends, so it downloads beside the main script: server/siteShell.ts).
const PAGE_ELEMENTS: Record<PublicPageName, ReactElement> = {
  HomePage: <HomePage />,
  MenPage: lazyElement(() => import('./public/pages/MenPage')),
  WomenPage: lazyElement(() => import('./public/pages/WomenPage')),
  BonesPage: lazyElement(() => import('./public/pages/BonesPage')),
  ContactPage: lazyElement(() => import('./public/pages/ContactPage')),
  SuggestPage: lazyElement(() => import('./public/pages/SuggestPage')),
  ApprovedPage: lazyElement(() => import('./public/pages/ApprovedPage')),
  TeamPage: lazyElement(() => import('./public/pages/TeamPage')),
  MemorialPage: lazyElement(() => import('./public/pages/MemorialPage')),
  ArticlePage: lazyElement(() => import('./public/pages/ArticlePage')),
  GraveDetailsPage: lazyElement(() => import('./public/pages/GraveDetailsPage')),
  LoginPage: lazyElement(() => import('./public/pages/LoginPage')),
};
const NotFoundPage = lazy(() => import('./public/pages/NotFoundPage'));

function lazyElement(load: () => Promise<{ default: ComponentType }>): ReactElement {
  const Page = lazy(load);
  return <Page />;
}

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

function LegacyRedirect({ from, to }: { from: string; to: (params: { graveId?: string }) => string }) {
  const { pathname } = useLocation();
  return <Navigate to={to(matchPath(from, pathname) ?? {})} />;
}

const ROUTES: ReadonlyArray<RouteDef> = PUBLIC_PAGES.map(({ path, page }) => ({ path, element: PAGE_ELEMENTS[page] }));

// The spec's staff paths lead to their console equivalents, keeping :graveId.
const REDIRECTS: ReadonlyArray<RouteDef> = LEGACY_STAFF_REDIRECTS.map(({ from, to }) => ({
  path: from,
  element: <LegacyRedirect from={from} to={to} />,
}));

function App() {
  const { pathname } = useLocation();
  if (pathname === CONSOLE_BASE || pathname.startsWith(`${CONSOLE_BASE}/`)) {
    return (
      <Suspense fallback={<Loading />}>
        <ConsoleRoot />
      </Suspense>
    );
  }
  return (
    <SessionProvider>
      <Routes
        routes={REDIRECTS}
        fallback={
          <Layout>
            <Routes routes={ROUTES} fallback={<NotFoundPage />} />
          </Layout>
        }
      />
    </SessionProvider>
  );
}

// A grave's or an article's page: its heading (the largest text) waits for that answer, so the request starts now
// (taking over the server's preload of it), not after the page's chunk has loaded and rendered.
const opened = publicPageOf(window.location.pathname);
const firstData = opened && FIRST_DATA[opened.page];
if (firstData) prefetch(firstData(opened.params));

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
