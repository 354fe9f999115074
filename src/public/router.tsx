// The public site's router: the History API and a few components, about 1 KB.
// Why not react-router here: React 19 and react-dom alone are 69 KB of the home page's 90 KB budget (gzip);
// react-router adds 15 KB, and because the console (react-admin) shares the module, its data-router code (another
// 17 KB) would land in the home page's bundle too. The console keeps react-router: src/main.tsx mounts it under
// /admin/* inside a react-router BrowserRouter, loaded only there.
import {
  createContext,
  useContext,
  useEffect,
  useSyncExternalStore,
  type AnchorHTMLAttributes,
  type MouseEvent,
  type ReactNode,
} from 'react';
import { CONSOLE_BASE } from '../domain/paths/consolePaths';
import { matchPath } from '../domain/paths/publicPages';

type Listener = () => void;
const listeners = new Set<Listener>();
const notify = () => listeners.forEach((l) => l());

function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  if (listeners.size === 1) window.addEventListener('popstate', notify);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('popstate', notify);
  };
}

const snapshot = () => window.location.pathname + window.location.search;

/**
 * The address being drawn on the server (src/ssr/entry-server.tsx). In the browser it is absent: there the
 * first render, hydrating the server's markup, reads the same address from window.location.
 */
const ServerHrefContext = createContext<string | null>(null);
export const ServerLocationProvider = ServerHrefContext.Provider;

export interface Location {
  pathname: string;
  search: string;
}

/** The current address; re-renders on navigation and on the browser's back and forward. */
export function useLocation(): Location {
  const serverHref = useContext(ServerHrefContext);
  const href = useSyncExternalStore(subscribe, snapshot, () => serverHref ?? snapshot());
  const q = href.indexOf('?');
  return q < 0 ? { pathname: href, search: '' } : { pathname: href.slice(0, q), search: href.slice(q) };
}

export function navigate(to: string, options: { replace?: boolean } = {}): void {
  if (options.replace) window.history.replaceState(null, '', to);
  else {
    window.history.pushState(null, '', to);
    window.scrollTo(0, 0);
  }
  notify();
}

export const useNavigate = () => navigate;

export function useSearchParams(): URLSearchParams {
  return new URLSearchParams(useLocation().search);
}

// The matching rule is shared with the server (src/domain/paths/publicPages.ts).
export { matchPath };

const ParamsContext = createContext<Record<string, string>>({});

export const useParams = () => useContext(ParamsContext);

export interface RouteDef {
  path: string;
  element: ReactNode;
}

/** The first route whose path matches renders, with its params; `fallback` otherwise. */
export function Routes({ routes, fallback }: { routes: ReadonlyArray<RouteDef>; fallback: ReactNode }) {
  const { pathname } = useLocation();
  for (const route of routes) {
    const params = matchPath(route.path, pathname);
    if (params) return <ParamsContext.Provider value={params}>{route.element}</ParamsContext.Provider>;
  }
  return <>{fallback}</>;
}

export function Navigate({ to }: { to: string }) {
  useEffect(() => navigate(to, { replace: true }), [to]);
  return null;
}

/** Whether a click should stay in the page (plain left click on a same-site, non-console address). */
function handledHere(event: MouseEvent<HTMLAnchorElement>, to: string, target?: string): boolean {
  return (
    !event.defaultPrevented &&
    event.button === 0 &&
    !event.metaKey &&
    !event.ctrlKey &&
    !event.shiftKey &&
    !event.altKey &&
    (!target || target === '_self') &&
    to.startsWith('/') &&
    !to.startsWith('//') &&
    // The console is another application: it opens with a full page load.
    !(to === CONSOLE_BASE || to.startsWith(`${CONSOLE_BASE}/`))
  );
}

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string };

export function Link({ to, onClick, target, ...rest }: LinkProps) {
  return (
    <a
      {...rest}
      href={to}
      target={target}
      onClick={(event) => {
        onClick?.(event);
        if (handledHere(event, to, target)) {
          event.preventDefault();
          navigate(to);
        }
      }}
    />
  );
}

/** A Link that knows when it is the current page (class "active", aria-current="page"). */
export function NavLink({ to, end, className, ...rest }: LinkProps & { end?: boolean }) {
  const { pathname } = useLocation();
  const active = end ? pathname === to : pathname === to || pathname.startsWith(`${to}/`);
  return (
    <Link
      {...rest}
      to={to}
      className={active ? `${className ?? ''} active`.trim() : className}
      aria-current={active ? 'page' : undefined}
    />
  );
}
