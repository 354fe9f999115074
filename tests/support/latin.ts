// Latin words where a visitor or a clerk can see or hear them: the text on screen, the document's title, and every
// aria-label, title, placeholder and alt. Allowed: e-mail addresses, web addresses, a grave's short address, the
// endings and scheme of addresses a hint names, a colour's code, and the formats of files. Every page walk of the
// browser suites (public pages, console pages at each width) reads each page with it.
import type { Page } from 'playwright-core';

/** What may be Latin: addresses to type or follow, a colour's code, file names the clerk chose. */
const ALLOWED = [
  /[\w.+-]+@[\w-]+(\.[\w-]+)+/g, // e-mail addresses
  /(?:https?:\/\/)?[\w-]+(?:\.[\w-]+)+(?::\d+)?(?:\/[^\s]*)?/g, // web addresses (and a grave's short address)
  /https?:\/\//g, // the scheme the site address's hint says is added
  /\.(?:com|net)\b/g, // the e-mail endings the specification's message names
  /#[0-9a-f]{6}\b/gi, // a colour
  /\b(?:PNG|JPEG|WebP|SVG|CSV|PDF|GEDCOM|GeoJSON|QR|A4|A5)\b/g, // formats named as the committee knows them
];

export async function latinWords(page: Page): Promise<string[]> {
  const texts = await page.evaluate(() => {
    const visible = (el: Element) => {
      const style = getComputedStyle(el);
      return style.display !== 'none' && style.visibility !== 'hidden';
    };
    const out = [document.title, document.body.innerText];
    for (const el of document.querySelectorAll('[aria-label], [title], [placeholder], img[alt]')) {
      if (!visible(el) && !el.getAttribute('aria-label')) continue;
      for (const name of ['aria-label', 'title', 'placeholder', 'alt']) {
        const value = el.getAttribute(name);
        if (value) out.push(value);
      }
    }
    return out;
  });
  let text = texts.join('\n');
  for (const allowed of ALLOWED) text = text.replace(allowed, ' ');
  return text.match(/[A-Za-z]{2,}/g) ?? [];
}
