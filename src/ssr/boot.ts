// The script index.html names, kept small: on a page the server drew, the site's scripts are asked for only once
// the page has been painted, so that on a slow network the first paint does not share the line with them (the
// page's style sheets and fonts arrive first) and a phone shows the page about as soon as its HTML is in. The
// scripts the drawn screen needs (server/site/shell.ts lists them in the page) are asked for together with the main
// one. A page the browser draws itself (the console, the login) asks for them at once: it shows nothing without
// them.
import { afterFirstPaint } from '../public/firstPaint';
import { PAGE_SCRIPTS_ELEMENT_ID } from './buildFiles';
import '../public/styles.css';

function loadSite(): void {
  const listed = document.getElementById(PAGE_SCRIPTS_ELEMENT_ID)?.textContent;
  for (const href of listed ? (JSON.parse(listed) as string[]) : []) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
  // Without the main script (no network and no copy kept), the page stays as the server drew it.
  import('./entry-client').catch(() => undefined);
}

if (document.getElementById('root')?.firstElementChild) void afterFirstPaint().then(loadSite);
else loadSite();
