// react-admin 5 writes each page's title into the app bar (a portal into #react-admin-title) but never touches the
// browser tab, so every console tab kept the public site's title. This copies the app bar's title into the tab.
// Watching the portal covers every screen at once: the CRUD pages' own titles (with the record, e.g. an article's
// title on its edit page) and the custom pages' <Title>. The public site needs no restoring: leaving the console
// is a full page load.
// The site's name is the village's: read from the settings, and the tab follows when it arrives.
import { useEffect } from 'react';
import { t } from '../../domain/messages';
import { useSiteTitle } from '../queries';

/** The id of react-admin's <TitlePortal> in the default <AppBar>. */
export const TITLE_PORTAL_ID = 'react-admin-title';

export function consoleDocumentTitle(page: string, site: string): string {
  const name = page.replace(/\s+/g, ' ').trim();
  return name ? t('admin.documentTitle', { page: name, site }) : t('admin.documentTitleNoPage', { site });
}

export function DocumentTitle() {
  const site = useSiteTitle();
  useEffect(() => {
    const portal = document.getElementById(TITLE_PORTAL_ID);
    const update = () => {
      document.title = consoleDocumentTitle(portal?.textContent ?? '', site);
    };
    update();
    if (!portal) return;
    const observer = new MutationObserver(update);
    observer.observe(portal, { childList: true, subtree: true, characterData: true });
    return () => observer.disconnect();
  }, [site]);
  return null;
}
