// The village's identity on the public site, from one place: `useIdentity()`. The server draws each page with the
// identity of its settings and puts it in the page (server/site/shell.ts); the browser reads it back from there, so
// hydration shows the same words. A page without it (the offline shell the service worker serves for a page it
// never kept) uses the copy this browser remembered, and asks the server once for the current one.
import { createContext, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import {
  EMPTY_IDENTITY,
  identityWords,
  readIdentity,
  type IdentityWords,
  type SiteIdentity,
} from '../domain/identity/siteIdentity';
import { call, paths } from '../api';
import { PUBLIC_LOCAL_KEYS } from '../domain/paths/browserKeys';
import { IDENTITY_ELEMENT_ID } from '../ssr/buildFiles';

/** The identity a page starts with; `ask`: it did not come with the page, the server is asked once. */
export interface PageIdentity {
  identity: SiteIdentity;
  ask: boolean;
}

interface Identity {
  identity: SiteIdentity;
  words: IdentityWords;
}

const IdentityContext = createContext<Identity>({ identity: EMPTY_IDENTITY, words: identityWords(EMPTY_IDENTITY) });

export const useIdentity = (): Identity => useContext(IdentityContext);

function remember(identity: SiteIdentity) {
  try {
    localStorage.setItem(PUBLIC_LOCAL_KEYS.siteIdentity, JSON.stringify(identity));
  } catch {
    // Storage refused (a private window): the next shell page asks the server again.
  }
}

/** In the browser: the identity the page carries (remembered), else the remembered one. */
export function pageIdentity(): PageIdentity {
  const embedded = document.getElementById(IDENTITY_ELEMENT_ID)?.textContent;
  if (embedded) {
    const identity = readIdentity(JSON.parse(embedded));
    remember(identity);
    return { identity, ask: false };
  }
  let kept: unknown = null;
  try {
    kept = JSON.parse(localStorage.getItem(PUBLIC_LOCAL_KEYS.siteIdentity) ?? 'null');
  } catch {
    // Nothing usable kept: the empty identity's words until the server answers.
  }
  return { identity: readIdentity(kept), ask: true };
}

export function IdentityProvider({ start, children }: { start: PageIdentity; children: ReactNode }) {
  const [identity, setIdentity] = useState(start.identity);
  useEffect(() => {
    if (!start.ask) return;
    let live = true;
    call<unknown>(paths.settings())
      .then((answer) => {
        if (!live) return;
        const read = readIdentity(answer);
        remember(read);
        setIdentity(read);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [start.ask]);
  const value = useMemo(() => ({ identity, words: identityWords(identity) }), [identity]);
  // The shell's tab shows the placeholder title: the site's own once known (a page's own title is left alone).
  const shown = useRef<string | null>(null);
  useEffect(() => {
    if (!start.ask) return;
    if (document.title === (shown.current ?? identityWords(EMPTY_IDENTITY).siteTitle))
      document.title = value.words.siteTitle;
    shown.current = value.words.siteTitle;
  }, [start.ask, value.words.siteTitle]);
  return <IdentityContext.Provider value={value}>{children}</IdentityContext.Provider>;
}
