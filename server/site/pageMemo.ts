// Public pages kept as drawn, for as long as what they were drawn from is unchanged. Drawing a page on the server
// (React's renderer over the section's cards, a grave, the home page's figures) took 12–40 ms a page on this
// project's machine, for every visitor: with 200 visitors on three processes the site answered 100 pages a second in
// all. A page is a function of its address, the site's address, the day, the built site and the answers it was drawn
// from (server/site/pageAnswers.ts); each of those answers says which parts of the register it shows. So a page is
// kept with a mark of the answer cache (server/plugins/answerCache.ts), which notes any write to those parts, in this
// process or any other (of a grave's page, a write to that grave or to one it names), and is served again while the
// mark is current.
//
// Bounded: at most MAX_PAGES pages and MAX_BYTES of them (the oldest used leave first), none over MAX_PAGE_BYTES; a
// page drawn from an answer that is not kept (a refusal, a 404) is not kept. A city's whole plan (100,000 graves: 0.9
// MB of HTML, 0.3 MB more compressed) is kept too: it is the costliest page to draw and compress (100 ms and more).

import { compressed, type Encoding } from '../http/compressed';
import { ownedText } from '../http/ownedBytes';
import type { ShownMark } from '../plugins/answerCache';

const MAX_PAGES = 500;
const MAX_BYTES = 8 * 1024 * 1024;
const MAX_PAGE_BYTES = 2 * 1024 * 1024;

/** A page as drawn, its status, and the mark of what it was drawn from. */
export interface KeptPage {
  body: Buffer;
  status: number;
  shown: ShownMark;
  /** Its compressed forms, made when first asked for. */
  br?: Buffer;
  gzip?: Buffer;
}

const bytesOf = (kept: KeptPage) => kept.body.length + (kept.br?.length ?? 0) + (kept.gzip?.length ?? 0);

export class PageMemo {
  private readonly pages = new Map<string, KeptPage>();
  private bytes = 0;
  /** Pages drawn and kept since start (the tests read it: a page served again is not drawn again). */
  drawn = 0;

  /** The page kept under `key` (the address, the site's address, the day and the build), marked as used now. */
  get(key: string): KeptPage | undefined {
    const kept = this.pages.get(key);
    if (kept) {
      this.pages.delete(key);
      this.pages.set(key, kept);
    }
    return kept;
  }

  /** Keeps a page drawn from what `shown` marks, and gives it back as kept; null when the page is too large. */
  keep(key: string, page: string, status: number, shown: ShownMark): KeptPage | null {
    this.forget(key);
    const body = ownedText(page);
    if (body.length > MAX_PAGE_BYTES) {
      shown.release();
      return null;
    }
    const kept: KeptPage = { body, status, shown };
    this.make(key, kept);
    this.drawn++;
    return kept;
  }

  /** The page in this encoding (compressed once, then kept with it while there is room). */
  form(key: string, kept: KeptPage, encoding: Encoding): Buffer {
    const made = kept[encoding];
    if (made) return made;
    const body = compressed(kept.body, encoding);
    if (this.pages.get(key) === kept) {
      this.remove(key);
      kept[encoding] = body;
      this.make(key, kept);
    }
    return body;
  }

  private make(key: string, kept: KeptPage): void {
    const bytes = bytesOf(kept);
    while (this.pages.size > 0 && (this.pages.size >= MAX_PAGES || this.bytes + bytes > MAX_BYTES)) {
      this.forget(this.pages.keys().next().value!);
    }
    this.pages.set(key, kept);
    this.bytes += bytes;
  }

  /** Forgets the page kept under `key`, and its mark. */
  forget(key: string): void {
    this.remove(key)?.shown.release();
  }

  private remove(key: string): KeptPage | undefined {
    const kept = this.pages.get(key);
    if (!kept) return undefined;
    this.bytes -= bytesOf(kept);
    this.pages.delete(key);
    return kept;
  }

  /** Pages kept (the tests read it). */
  get size(): number {
    return this.pages.size;
  }
}
