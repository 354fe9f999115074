// The server's side of the public site: the first screen of a public address as HTML, drawn by the same components
// the browser runs, so a phone paints the page (its heading, its search box, a grave's number) from the HTML and
// the style sheet alone, before the main script has arrived. Built by Vite into <site>/.ssr/render.mjs
// (vite.config.ts) and loaded by server/site/shell.ts; the browser then hydrates this markup (entry-client.tsx).
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { setCalendarFirst, type CalendarFirst } from '../domain/dates/dateText';
import type { SiteIdentity } from '../domain/identity/siteIdentity';
import { PublicApp } from '../public/PublicApp';
import { ServerLocationProvider } from '../public/router';

/**
 * `href` is the path and query asked for; `firstData` the API answers (by API path) the screen is drawn with;
 * `settings` the server's configuration the text depends on (the same for every page of one server) and the
 * village's identity, as the settings say now.
 * Waits for the screen's lazy chunk (prerender), so the markup is the page itself, not its loading placeholder.
 */
export async function renderPublicPage(
  href: string,
  firstData: Record<string, unknown>,
  settings: { calendarFirst: CalendarFirst; identity: SiteIdentity },
): Promise<string> {
  // Set before each page, not once: the renderer module is shared by every server of a process (tests start several,
  // one after the other; one server's setting never changes).
  setCalendarFirst(settings.calendarFirst);
  // A component that fails on the server would leave its part to the browser with an error in the console; the
  // whole page is then better drawn by the browser alone (server/site/shell.ts falls back on this throw).
  const errors: unknown[] = [];
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <ServerLocationProvider value={href}>
        <PublicApp
          firstData={new Map(Object.entries(firstData))}
          identity={{ identity: settings.identity, ask: false }}
        />
      </ServerLocationProvider>
    </StrictMode>,
    {
      onError: (error) => void errors.push(error),
      // A large screen (the plan of a big cemetery) would otherwise be sent as a hidden part that an inline script
      // moves into place, and the site's Content-Security-Policy (script-src 'self') refuses inline scripts.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
    },
  );
  if (errors.length > 0) throw errors[0];
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}
