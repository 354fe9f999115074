// An in-memory index of many stored names for the server (30,000 burials): the same matcher as matchBurial,
// but a query only looks at the names holding a word that can match its most selective word, instead of all.
// Each distinct stored word keeps the list of names that hold it (its postings); a query compares its words
// with each distinct word once (as a scan does), then runs the matcher on the candidates only.
//
// The index changes in place (add, remove) so that a burial recorded or corrected changes one grave's entries
// instead of building 30,000 names again: a removed entry is marked and skipped, and the index is built again
// by its owner once too many are dead (see removed).
import type { Token } from './forms';
import {
  type BurialFacts,
  burialScore,
  indexName,
  matchBurial,
  matchGraveNumber,
  tokensOf,
  type IndexedName,
  type NameMatch,
  type PreparedQuery,
} from './match';

export interface IndexedMatch<T> {
  item: T;
  match: NameMatch;
}

/**
 * Orders two items whose matches tie: negative when `a` comes first. Without one, the order added decides
 * (earlier first).
 */
export type TieBreak<T> = (a: T, b: T) => number;

/** Entries an index holds at most over its life (2^24); its owner builds it again long before. */
const ENTRIES = 2 ** 24;

export class NameIndex<T> {
  private readonly names: IndexedName[] = [];
  private readonly items: Array<T | undefined> = [];
  private readonly graves: Array<string | number | null> = [];
  /** Grave number → its entries (live and dead), so a query of numbers looks at each grave once. */
  private readonly byGrave = new Map<string | number, number[]>();
  /** Distinct stored words, and for each (same position) the entries holding it, ascending. */
  private readonly tokens: Token[] = [];
  private readonly postings: number[][] = [];
  private readonly slotOf = new Map<Token, number>();
  private dead = 0;
  /** The stored names as "typed exactly as stored" compares them → their entries (issue 26: such a name comes first). */
  private readonly byWhole = new Map<string, number[]>();
  /** Marks of the last search (stamp per entry), so a name reached through two words is tried once. */
  private seen = new Int32Array(0);
  private stamp = 0;

  /**
   * `factsOf` tells an item's section and burial day, for the section words and years of a query (issue 26); an
   * index without it ranks by names and numbers only.
   */
  constructor(
    private readonly tieBreak?: TieBreak<T>,
    private readonly factsOf?: (item: T) => BurialFacts,
  ) {}

  /** Live entries. */
  get size(): number {
    return this.names.length - this.dead;
  }

  /** Entries removed and still taking room (and time: their words are still compared). */
  get removed(): number {
    return this.dead;
  }

  /**
   * Adds one buried person; answers the entry's number, for remove(). Without a tie-break, entries whose matches
   * tie keep the order they were added in.
   */
  add(name: string, graveNumber: string | number | null, item: T): number {
    const entry = this.names.length;
    if (entry >= ENTRIES) throw new RangeError('NameIndex holds at most 2^24 entries');
    const indexed = indexName(name);
    this.names.push(indexed);
    const same = this.byWhole.get(indexed.whole);
    if (same) same.push(entry);
    else this.byWhole.set(indexed.whole, [entry]);
    this.items.push(item);
    this.graves.push(graveNumber);
    if (graveNumber !== null) {
      const list = this.byGrave.get(graveNumber);
      if (list) list.push(entry);
      else this.byGrave.set(graveNumber, [entry]);
    }
    for (const token of tokensOf(indexed)) {
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
    return entry;
  }

  /** Takes an entry out of every later answer. */
  remove(entry: number): void {
    if (this.items[entry] === undefined) return;
    const same = this.byWhole.get(this.names[entry]!.whole);
    if (same) {
      same.splice(same.indexOf(entry), 1);
      if (same.length === 0) this.byWhole.delete(this.names[entry]!.whole);
    }
    this.items[entry] = undefined;
    this.dead++;
  }

  /** Every match of the query, best first (ties by the tie-break); `limit` cuts the answer. */
  search(query: PreparedQuery, limit = Infinity): Array<IndexedMatch<T>> {
    const found: number[] = [];
    const scores: number[] = [];
    if (this.seen.length < this.names.length) this.seen = new Int32Array(this.names.length * 2);
    const stamp = ++this.stamp;
    const consider = (entry: number) => {
      if (this.seen[entry] === stamp) return;
      this.seen[entry] = stamp;
      const item = this.items[entry];
      if (item === undefined) return;
      const score = burialScore(query, this.names[entry]!, this.graves[entry]!, this.factsOf?.(item));
      if (score >= 0) {
        found.push(entry);
        scores.push(score);
      }
    };
    this.byWhole.get(query.whole)?.forEach(consider);
    if (query.required === 0) {
      // Numbers only: each grave's number is tested once, and a matching grave's people are all answers.
      for (const [number, entries] of this.byGrave) {
        if (query.numbers.length > 0 && matchGraveNumber(query, number) !== null) entries.forEach(consider);
      }
      // A year alone, or a number that may be one: that year's burials too.
      if (query.year !== null && query.words.length === 0 && (query.yearAlone || query.numbers.length === 0)) {
        for (let entry = 0; entry < this.names.length; entry++) consider(entry);
      }
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
      slots.forEach((slot, s) => {
        if (masks[s]! & (1 << lead)) this.postings[slot]!.forEach(consider);
      });
    }
    const best = this.best(found, scores, limit);
    return best.map((entry) => ({
      item: this.items[entry]!,
      match: matchBurial(query, this.names[entry]!, this.graves[entry]!, this.factsOf?.(this.items[entry]!))!,
    }));
  }

  /**
   * The `limit` best of the found entries, best first. A common first name finds thousands: they are scored as
   * numbers, and only the answer's are compared by the tie-break (a heap of `limit` entries, worst on top).
   */
  private best(found: number[], scores: number[], limit: number): number[] {
    const before = (a: number, b: number) => {
      // a ranks before b: higher score, then the tie-break, then the order added.
      if (scores[a] !== scores[b]) return scores[a]! > scores[b]!;
      const order = this.tieBreak ? this.tieBreak(this.items[found[a]!]!, this.items[found[b]!]!) : 0;
      return order !== 0 ? order < 0 : found[a]! < found[b]!;
    };
    const all = found.map((_, i) => i);
    if (!(limit < found.length)) {
      all.sort((a, b) => (a === b ? 0 : before(a, b) ? -1 : 1));
      return all.map((i) => found[i]!);
    }
    // Min-heap by rank of the `limit` best seen so far: its root is the worst of them.
    const heap: number[] = [];
    const sinkFrom = (at: number) => {
      for (;;) {
        const left = 2 * at + 1;
        const right = left + 1;
        let worst = at;
        if (left < heap.length && before(heap[worst]!, heap[left]!)) worst = left;
        if (right < heap.length && before(heap[worst]!, heap[right]!)) worst = right;
        if (worst === at) return;
        [heap[at], heap[worst]] = [heap[worst]!, heap[at]!];
        at = worst;
      }
    };
    for (const i of all) {
      if (heap.length < limit) {
        heap.push(i);
        for (let at = heap.length - 1; at > 0;) {
          const parent = (at - 1) >> 1;
          if (!before(heap[parent]!, heap[at]!)) break;
          [heap[at], heap[parent]] = [heap[parent]!, heap[at]!];
          at = parent;
        }
      } else if (before(i, heap[0]!)) {
        heap[0] = i;
        sinkFrom(0);
      }
    }
    heap.sort((a, b) => (a === b ? 0 : before(a, b) ? -1 : 1));
    return heap.map((i) => found[i]!);
  }
}
