// The browser's root: the public site (src/public/PublicApp.tsx, with its own small router) or, under /admin/*,
// the staff console, which loads — with react-router, react-admin and MUI — only when a console address opens.
// Started by src/ssr/entry-client.tsx, which takes the server's markup of a public address over.
import { lazy, Suspense, useEffect } from 'react';
import { CONSOLE_BASE } from './domain/paths/consolePaths';
import { Loading } from './public/components/Status';
import type { PageIdentity } from './public/identity';
import { PublicApp } from './public/PublicApp';
import { useLocation } from './public/router';

// The console (src/admin/AdminApp: react-admin's <Admin basename="/admin">) renders in a react-router
// <Route path="/admin/*"> of a BrowserRouter, as the console expects; react-router, react-admin and MUI load only
// here, never on a public page.
const ConsoleRoot = lazy(async () => {
  const [{ BrowserRouter, Route, Routes: RouterRoutes, useLocation: useRouterLocation }, { default: AdminApp }] =
    await Promise.all([import('react-router'), import('./admin/AdminApp')]);
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

export function App({ firstData, identity }: { firstData: Map<string, unknown>; identity: PageIdentity }) {
  const { pathname } = useLocation();
  if (pathname === CONSOLE_BASE || pathname.startsWith(`${CONSOLE_BASE}/`)) {
    return (
      <Suspense fallback={<Loading />}>
        <ConsoleRoot />
      </Suspense>
    );
  }
  return <PublicApp firstData={firstData} identity={identity} />;
}
