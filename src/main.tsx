// One entry for the whole site: the public screens (their own small router, src/public/router.tsx), the redirects
// from the spec's staff paths, and the staff console under /admin/*, which loads — with react-router, react-admin
// and MUI — only when a console address opens.
import { lazy, StrictMode, Suspense, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { paths } from './api';
import { CONSOLE_BASE, LEGACY_STAFF_REDIRECTS } from './domain/consolePaths';
import { Loading } from './public/components/Status';
import { Layout } from './public/layout/Layout';
import HomePage from './public/pages/HomePage';
import { matchPath, Navigate, Routes, useLocation, type RouteDef } from './public/router';
import { SessionProvider } from './public/session';
import { prefetch } from './public/useApi';
import './public/styles.css';

// The home page is in the first download; every other screen is its own small chunk.
const MenPage = lazy(() => import('./public/pages/MenPage'));
const WomenPage = lazy(() => import('./public/pages/WomenPage'));
const BonesPage = lazy(() => import('./public/pages/BonesPage'));
const ContactPage = lazy(() => import('./public/pages/ContactPage'));
const SuggestPage = lazy(() => import('./public/pages/SuggestPage'));
const ApprovedPage = lazy(() => import('./public/pages/ApprovedPage'));
const TeamPage = lazy(() => import('./public/pages/TeamPage'));
const MemorialPage = lazy(() => import('./public/pages/MemorialPage'));
const ArticlePage = lazy(() => import('./public/pages/ArticlePage'));
const GraveDetailsPage = lazy(() => import('./public/pages/GraveDetailsPage'));
const LoginPage = lazy(() => import('./public/pages/LoginPage'));
const NotFoundPage = lazy(() => import('./public/pages/NotFoundPage'));

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

const ROUTES: ReadonlyArray<RouteDef> = [
  { path: '/', element: <HomePage /> },
  { path: '/man', element: <MenPage /> },
  { path: '/woman', element: <WomenPage /> },
  { path: '/bones', element: <BonesPage /> },
  { path: '/contact', element: <ContactPage /> },
  { path: '/suggest', element: <SuggestPage /> },
  { path: '/approved', element: <ApprovedPage /> },
  { path: '/team', element: <TeamPage /> },
  { path: '/MemorialPage', element: <MemorialPage /> },
  { path: '/ArticleDetail/:id', element: <ArticlePage /> },
  { path: '/grave-details-user/:graveId', element: <GraveDetailsPage /> },
  { path: '/login', element: <LoginPage /> },
];

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

// A grave's page: its heading (the largest text) waits for the grave, so that request starts now, beside the
// page's chunk, rather than after the chunk has loaded and rendered.
const graveRoute = matchPath('/grave-details-user/:graveId', window.location.pathname);
if (graveRoute?.graveId) prefetch(paths.grave(graveRoute.graveId));

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
