// The site's absolute address, for what must name a whole URL: a page's canonical link, og:url and JSON-LD, the
// sitemap and robots.txt, the exports, a plate's QR code. It is the committee's `siteUrl` (the settings, stored by
// the one rule of src/domain/identity/identityRules.ts) and nothing else: never the Host header nor X-Forwarded-Host,
// not even from a trusted proxy. Behind a proxy whose server block is the default one, as straight on the socket,
// those say whatever a client wrote, and what is made from them is kept: the sitemap an hour in shared caches, a
// plate's QR code for years on a grave. Until the committee sets it these name no host: a page has no canonical link
// and its other addresses are paths, the sitemap answers that the address is not set, robots.txt names no sitemap,
// and a plate is refused.
import type { SiteIdentity } from '../../src/domain/identity/siteIdentity';

/** The site's address (no trailing slash), or null while the committee has not set it. */
export const siteBase = (identity: Pick<SiteIdentity, 'siteUrl'>): string | null => identity.siteUrl || null;
