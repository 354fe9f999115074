// An in-memory index of many stored names for the server (30,000 burials): the same matcher as matchBurial,
// but a query only looks at the names holding a word that can match its most selective word, instead of all.
// Each distinct stored word keeps the list of names that hold it (its postings); a query compares its words
// with each distinct word once (as a scan does), then runs the matcher on the candidates only.
import type { Token } from './forms';
import { burialScore, indexName, matchBurial, type IndexedName, type NameMatch, type PreparedQuery } from './match';

export interface IndexedMatch<T> {
  item: T;
  match: NameMatch;
}

/** Entries an index holds at most (2^21, two million burials): the sort key keeps the entry in its low part. */
const ENTRIES = 2 ** 21;

export class NameIndex<T> {
  private readonly names: IndexedName[] = [];
  private readonly items: T[] = [];
  private readonly graves: Array<string | number | null> = [];
  /** Distinct stored words, and for each (same position) the entries holding it, ascending. */
  private readonly tokens: Token[] = [];
  private readonly postings: number[][] = [];
  private readonly slotOf = new Map<Token, number>();
  /** Marks of the last search (stamp per entry), so a name reached through two words is tried once. */
  private seen = new Int32Array(0);
  private stamp = 0;

  get size(): number {
    return this.names.length;
  }

  /**
   * Adds one buried person. Entries whose matches tie keep the order they were added in, so adding burials
   * most recent first gives the register's last tie-break (most recent burial first) for free.
   */
  add(name: string, graveNumber: string | number | null, item: T): void {
    const entry = this.names.length;
    if (entry >= ENTRIES) throw new RangeError('NameIndex holds at most 2^21 names');
    const indexed = indexName(name);
    this.names.push(indexed);
    this.items.push(item);
    this.graves.push(graveNumber);
    for (const token of indexed.tokens) {
      let slot = this.slotOf.get(token);
      if (slot === undefined) {
        slot = this.tokens.length;
        this.slotOf.set(token, slot);
        this.tokens.push(token);
        this.postings.push([]);
      }
      const list = this.postings[slot]!;
      if (list[list.length - 1] !== entry) list.push(entry);
    }
  }

  /** Every match of the query, best first (then in the order added); `limit` cuts the answer. */
  search(query: PreparedQuery, limit = Infinity): Array<IndexedMatch<T>> {
    // Matches are kept as one number each, score then the order added: score × 2^21 + (2^21 − 1 − entry), so a
    // plain numeric sort ranks them, and only the answer's matches are built as objects.
    const found: number[] = [];
    const consider = (entry: number) => {
      const score = burialScore(query, this.names[entry]!, this.graves[entry]!);
      if (score >= 0) found.push(score * ENTRIES + (ENTRIES - 1 - entry));
    };
    if (query.required === 0) {
      // Numbers only: every grave number is looked at (a cheap string test).
      for (let entry = 0; entry < this.names.length; entry++) consider(entry);
    } else {
      // The required word with the fewest names behind its matching stored words leads.
      const k = query.words.length;
      const reach = new Array<number>(k).fill(0);
      const slots: number[] = [];
      const masks: number[] = [];
      for (let slot = 0; slot < this.tokens.length; slot++) {
        const mask = query.maskOf(this.tokens[slot]!);
        if (mask === 0) continue;
        slots.push(slot);
        masks.push(mask);
        for (let j = 0; j < k; j++) if (mask & (1 << j)) reach[j]! += this.postings[slot]!.length;
      }
      let lead = -1;
      for (let j = 0; j < k; j++) {
        if (query.required & (1 << j) && (lead < 0 || reach[j]! < reach[lead]!)) lead = j;
      }
      if (this.seen.length < this.names.length) this.seen = new Int32Array(this.names.length * 2);
      const stamp = ++this.stamp;
      slots.forEach((slot, s) => {
        if (!(masks[s]! & (1 << lead))) return;
        for (const entry of this.postings[slot]!) {
          if (this.seen[entry] === stamp) continue;
          this.seen[entry] = stamp;
          consider(entry);
        }
      });
    }
    const keys = Float64Array.from(found).sort(); // ascending: the best is last
    const answer: Array<IndexedMatch<T>> = [];
    for (let at = keys.length - 1; at >= 0 && answer.length < limit; at--) {
      const entry = ENTRIES - 1 - (keys[at]! % ENTRIES);
      answer.push({ item: this.items[entry]!, match: matchBurial(query, this.names[entry]!, this.graves[entry]!)! });
    }
    return answer;
  }
}
