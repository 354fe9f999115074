// The public site as one component: the spec's public screens inside the layout, and the redirects from the spec's
// staff paths. The browser renders it (src/ssr/entry-client.tsx, hydrating the server's markup when there is some)
// and so does the server, for the first screen of each public address (src/ssr/entry-server.tsx).
import { lazy, type ComponentType, type ReactElement } from 'react';
import { LEGACY_STAFF_REDIRECTS } from '../domain/paths/consolePaths';
import { PUBLIC_PAGES, type PublicPageName } from '../domain/paths/publicPages';
import { loadGravePage } from './gravePage';
import { IdentityProvider, type PageIdentity } from './identity';
import { Layout } from './layout/Layout';
import HomePage from './pages/HomePage';
import { matchPath, Navigate, Routes, useLocation, type RouteDef } from './router';
import { SessionProvider } from './session';
import { FirstDataContext } from './useApi';

// The home page is in the first download; every other screen is its own small chunk. The server names the chunk
// of the address asked for in the page it sends (server/site/shell.ts), so it downloads beside the main script, and
// React keeps the server's markup of the screen until its chunk is there.
const PAGE_ELEMENTS: Record<PublicPageName, ReactElement> = {
  HomePage: <HomePage />,
  MenPage: lazyElement(() => import('./pages/MenPage')),
  WomenPage: lazyElement(() => import('./pages/WomenPage')),
  BonesPage: lazyElement(() => import('./pages/BonesPage')),
  ContactPage: lazyElement(() => import('./pages/ContactPage')),
  SuggestPage: lazyElement(() => import('./pages/SuggestPage')),
  ApprovedPage: lazyElement(() => import('./pages/ApprovedPage')),
  TeamPage: lazyElement(() => import('./pages/TeamPage')),
  MemorialPage: lazyElement(() => import('./pages/MemorialPage')),
  ArticlePage: lazyElement(() => import('./pages/ArticlePage')),
  NoticesPage: lazyElement(() => import('./pages/NoticesPage')),
  NoticePage: lazyElement(() => import('./pages/NoticePage')),
  GraveDetailsPage: lazyElement(loadGravePage),
  LoginPage: lazyElement(() => import('./pages/LoginPage')),
  PlanPage: lazyElement(() => import('./pages/PlanPage')),
  SetupPage: lazyElement(() => import('./pages/SetupPage')),
  CorrectBurialPage: lazyElement(() => import('./pages/CorrectBurialPage')),
  GravePhotoPage: lazyElement(() => import('./pages/GravePhotoPage')),
  CorrectionFollowPage: lazyElement(() => import('./pages/CorrectionFollowPage')),
};
const NotFoundPage = lazy(() => import('./pages/NotFoundPage'));

function lazyElement(load: () => Promise<{ default: ComponentType }>): ReactElement {
  const Page = lazy(load);
  return <Page />;
}

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

export function PublicApp({ firstData, identity }: { firstData: Map<string, unknown>; identity: PageIdentity }) {
  return (
    <IdentityProvider start={identity}>
    <FirstDataContext.Provider value={firstData}>
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
    </FirstDataContext.Provider>
    </IdentityProvider>
  );
}
