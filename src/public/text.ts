// The public site's Arabic text, read from the one messages module's tables (shared = ui-text-ar.md verbatim,
// public = this site's own). Read as static properties (ui['nav.home']), never by a computed key, so the bundler
// keeps only the strings the site shows: the console's and the server's text never reach a visitor's download.
export { sharedText as ui } from '../domain/messages/shared';
export { publicText as pt } from '../domain/messages/public';

export { fill } from '../domain/messages/fill';
