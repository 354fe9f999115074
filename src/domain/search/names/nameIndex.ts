// An in-memory index of many stored names for the server (30,000 burials): the same matcher as matchBurial,
// but a query only looks at the names holding a word that can match its most selective word, instead of all.
// Each distinct stored word keeps the list of names that hold it (its postings); a query compares its words
// with each distinct word once (as a scan does), then runs the matcher on the candidates only.
//
// The index changes in place (add, remove) so that a burial recorded or corrected changes one grave's entries
// instead of building 30,000 names again: a removed entry is marked and skipped, and the index is built again
// by its owner once too many are dead (see removed).
//
// Compact (a city's 300,000 names inside a 160 MB heap): a name is not kept as an object but as its word
// triplets in one shared Int32Array, with its first-name position and two hashes of its whole form in typed arrays
// (about 70 bytes a name, outside the JavaScript heap, instead of about 400 in it). The matcher reads a name
// through a short-lived view of those numbers; the stored name itself is not needed to rank (its ranges are in the
// triplets), so the caller reads the names of the answer it shows.
import { tokenById, type Token } from './forms';
import {
  type BurialFacts,
  burialScore,
  indexName,
  inYear,
  matchBurial,
  matchGraveNumber,
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

/** The limit that asks ranked() for the matches unsorted. */
const UNRANKED = -1;

/** More name words than a query ever keeps (10, match.ts): the room between two searches' levels. */
const MAX_QUERY_WORDS = 30;

/** The smallest table of whole-form buckets; it doubles once it holds four entries a bucket. */
const WHOLE_BUCKETS_MIN = 1024;

/** Entries (or words) read back between two of fromParts' pauses. */
const PAUSE_EVERY = 4096;

/** Entries an index holds at most over its life (2^24); its owner builds it again long before. */
const ENTRIES = 2 ** 24;

/** A growable typed array: numbers outside the JavaScript heap, grown when full, cut to size by trim(). */
export class NumberPool<A extends Int32Array | Int8Array | Uint8Array | Float64Array> {
  length = 0;
  /** `length`: how many of `data` are already numbers of the pool (all of them when it was read back). */
  constructor(
    public data: A,
    private readonly make: (size: number) => A,
    length = 0,
  ) {
    this.length = length;
  }
  /** The numbers held, without their spare room (a view: later pushes never change what it shows). */
  held(): A {
    return this.data.subarray(0, this.length) as unknown as A;
  }
  push(value: number): number {
    if (this.length === this.data.length) {
      // A quarter more each time (still a constant cost a number): a city's largest array is about 14 MB, and
      // doubling it for one burial recorded after a start held 14 MB for nothing.
      const next = this.make(Math.max(1024, this.data.length + (this.data.length >> 2)));
      next.set(this.data);
      this.data = next;
    }
    this.data[this.length] = value;
    return this.length++;
  }
  /** Gives back the room left by the last growth: once a large index is built. */
  trim(): void {
    if (this.data.length - this.length < 1024) return;
    const next = this.make(this.length + 1024);
    next.set(this.data.subarray(0, this.length));
    this.data = next;
  }
}
const int32Pool = () => new NumberPool(new Int32Array(1024), (n) => new Int32Array(n));
const int8Pool = () => new NumberPool(new Int8Array(1024), (n) => new Int8Array(n));

/** Two independent 32-bit hashes of a string (FNV-1a with two offsets): equal names are found by them. */
function hashPair(text: string): [number, number] {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ 0x5bd1e995;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x5bd1e995) ^ (b >>> 15);
  }
  return [a | 0, b | 0];
}

/** A whole form no query has (views of names whose hashes differ from the query's). */
const NOT_THE_SAME = '\u0000';

/** The numbers and words a NameIndex of numbered items is made of (see NameIndex.parts). */
export interface NameIndexParts {
  pool: Int32Array<ArrayBuffer>;
  starts: Int32Array<ArrayBuffer>;
  counts: Int8Array<ArrayBuffer>;
  firsts: Int8Array<ArrayBuffer>;
  wholeA: Int32Array<ArrayBuffer>;
  wholeB: Int32Array<ArrayBuffer>;
  /** 1 for an entry still in the index, 0 for a removed one. */
  live: Uint8Array<ArrayBuffer>;
  /** Each distinct stored word: the text it was read from, its number in the pool, and its forms (a check). */
  words: Array<{ source: string; id: number; exact: string; folded: string }>;
  /** The entries holding each word: postings[postingStarts[slot] .. postingStarts[slot + 1]]. */
  postingStarts: Int32Array<ArrayBuffer>;
  postings: Int32Array<ArrayBuffer>;
}

export class NameIndex<T> {
  /** Every name's word triplets (id, start, end), one after another; a name's are at starts[e] .. +3*counts[e]. */
  private readonly pool = int32Pool();
  private readonly starts = int32Pool();
  /** Words per name (at most MAX_TOKENS) and the person's own first name's position (-1 when none). */
  private readonly counts = int8Pool();
  private readonly firsts = int8Pool();
  private readonly wholeA = int32Pool();
  private readonly wholeB = int32Pool();
  /**
   * The entries of each bucket of the whole form's hash, as chains: `sameHead[bucket]` is the latest entry of that
   * bucket and `sameNext[entry]` the one before it (-1 ends). A query typed exactly as a stored name finds it here
   * among a few entries, instead of comparing the hash of every entry (300,000 in a city, each search).
   */
  private sameHead = new Int32Array(WHOLE_BUCKETS_MIN).fill(-1);
  private readonly sameNext = int32Pool();
  private readonly items: Array<T | undefined> = [];
  private graves: Array<string | number | null> = [];
  /**
   * Grave number → its entries (live and dead), so a query of numbers looks at each grave once. Made on the first
   * such query (see gravesByNumber): an index read back at start does not wait for a city's 100,000 lists.
   */
  private byGrave: Map<string | number, number[]> | null = null;
  /** Distinct stored words, and for each (same position) the entries holding it, ascending. */
  private readonly tokens: Token[] = [];
  /** A list read back from a snapshot stays a view of it until the word's next entry (see fromParts). */
  private readonly postings: Array<number[] | Int32Array> = [];
  /** For each stored word, the text it was read from (a snapshot is read back through indexName). */
  private readonly sources: string[] = [];
  private readonly slotOf = new Map<Token, number>();
  /** The stored words that are numbers ("2" of "George Haddad 2"), by their digits: a number query finds them. */
  private readonly numberSlots = new Map<string, number[]>();
  private dead = 0;
  /** Marks of the last search (stamp per entry), so a name reached through two words is tried once. */
  private seen = new Int32Array(0);
  private stamp = 0;
  /** How many of a search's other required words each entry holds, above that search's base (see ranked). */
  private level = new Int32Array(0);
  private levelBase = 0;

  /**
   * `factsOf` tells an item's section and burial day, for the section words and years of a query; an
   * index without it ranks by names and numbers only.
   */
  constructor(
    private readonly tieBreak?: TieBreak<T>,
    private readonly factsOf?: (item: T) => BurialFacts,
  ) {}

  /** Live entries. */
  get size(): number {
    return this.items.length - this.dead;
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
    const entry = this.items.length;
    if (entry >= ENTRIES) throw new RangeError('NameIndex holds at most 2^24 entries');
    const indexed = indexName(name);
    this.starts.push(this.pool.length);
    this.counts.push(indexed.words.length / 3);
    for (let i = 0; i < indexed.words.length; i++) this.pool.push(indexed.words[i]!);
    this.firsts.push(indexed.first);
    const [a, b] = hashPair(indexed.whole);
    this.wholeA.push(a);
    this.wholeB.push(b);
    this.sameNext.push(-1);
    this.linkWhole(entry);
    this.items.push(item);
    this.graves.push(graveNumber);
    if (this.byGrave) this.groupByGrave(this.byGrave, entry);
    for (let at = 0; at < indexed.words.length; at += 3) {
      const token = tokenById(indexed.words[at]!);
      let slot = this.slotOf.get(token);
      if (slot === undefined) {
        slot = this.tokens.length;
        this.slotOf.set(token, slot);
        this.tokens.push(token);
        this.postings.push([]);
        this.sources.push(name.slice(indexed.words[at + 1], indexed.words[at + 2]));
        this.fileNumber(token, slot);
      }
      let list = this.postings[slot]!;
      if (!Array.isArray(list)) this.postings[slot] = list = Array.from(list);
      if (list[list.length - 1] !== entry) list.push(entry);
    }
    return entry;
  }

  private fileNumber(token: Token, slot: number): void {
    if (token.script !== 'digit') return;
    const digits = token.folded.replace(/^0+(?=\d)/, '');
    const slots = this.numberSlots.get(digits);
    if (slots) slots.push(slot);
    else this.numberSlots.set(digits, [slot]);
  }

  private groupByGrave(byGrave: Map<string | number, number[]>, entry: number): void {
    const number = this.graves[entry]!;
    if (number === null) return;
    const list = byGrave.get(number);
    if (list) list.push(entry);
    else byGrave.set(number, [entry]);
  }

  private gravesByNumber(): Map<string | number, number[]> {
    if (!this.byGrave) {
      const byGrave = new Map<string | number, number[]>();
      for (let entry = 0; entry < this.graves.length; entry++) this.groupByGrave(byGrave, entry);
      this.byGrave = byGrave;
    }
    return this.byGrave;
  }

  private bucketOf(hash: number): number {
    return hash & (this.sameHead.length - 1);
  }

  /** Puts an entry at the head of its whole form's chain; the table doubles (chains made again) when crowded. */
  private linkWhole(entry: number): void {
    if (entry + 1 > 4 * this.sameHead.length) {
      this.sameHead = new Int32Array(this.sameHead.length * 2).fill(-1);
      for (let e = 0; e < entry; e++) this.linkWhole(e);
    }
    const bucket = this.bucketOf(this.wholeA.data[entry]!);
    this.sameNext.data[entry] = this.sameHead[bucket]!;
    this.sameHead[bucket] = entry;
  }

  /** Gives back the typed arrays' spare room (after a large build; adding later grows them again). */
  trim(): void {
    for (const pool of [this.pool, this.starts, this.counts, this.firsts, this.wholeA, this.wholeB, this.sameNext]) {
      pool.trim();
    }
  }

  /** Whether an entry is still in the index (not removed). */
  holds(entry: number): boolean {
    return this.items[entry] !== undefined;
  }

  /** Takes an entry out of every later answer. */
  remove(entry: number): void {
    if (this.items[entry] === undefined) return;
    this.items[entry] = undefined;
    this.dead++;
  }

  /** Every match of the query, best first (ties by the tie-break); `limit` cuts the answer. */
  search(query: PreparedQuery, limit = Infinity, keep?: (item: T) => boolean): Array<IndexedMatch<T>> {
    const { best, sameWhole } = this.ranked(query, limit, keep);
    return best.map((entry) => ({
      item: this.items[entry]!,
      match: matchBurial(
        query,
        this.view(entry, sameWhole(entry) ? query.whole : NOT_THE_SAME),
        this.graves[entry]!,
        this.factsOf?.(this.items[entry]!),
      )!,
    }));
  }

  /**
   * The items of every match, best first, without the matches' details: for callers that need only who was found
   * (a common first name finds tens of thousands of people in a city's register).
   */
  searchItems(query: PreparedQuery, limit = Infinity, keep?: (item: T) => boolean): T[] {
    return this.ranked(query, limit, keep).best.map((entry) => this.items[entry]!);
  }

  /**
   * Whether the query finds this entry, as a search weighs each name before ranking them: for callers that ask
   * whether a changed name could enter an answer. A year alone may say yes where the search says no (it is asked the
   * year's burials only): a caller that drops an answer on yes drops one more, never one too few.
   */
  finds(query: PreparedQuery, entry: number): boolean {
    const item = this.items[entry];
    if (item === undefined) return false;
    const [qa, qb] = query.whole === '' ? [0, 0] : hashPair(query.whole);
    const same = query.whole !== '' && this.wholeA.data[entry] === qa && this.wholeB.data[entry] === qb;
    const name = this.view(entry, same ? query.whole : NOT_THE_SAME);
    return burialScore(query, name, this.graves[entry]!, this.factsOf?.(item)) >= 0;
  }

  /** Every item the query finds, in no order: for callers that only ask whether a grave holds one of them. */
  matchingItems(query: PreparedQuery): T[] {
    return this.ranked(query, UNRANKED).best.map((entry) => this.items[entry]!);
  }

  /** `keep`, when given, leaves out the items it refuses before ranking (one section's people: its best, not the register's). */
  private ranked(
    query: PreparedQuery,
    limit: number,
    keep?: (item: T) => boolean,
  ): { best: number[]; sameWhole: (entry: number) => boolean } {
    const found: number[] = [];
    const scores: number[] = [];
    const count = this.items.length;
    if (this.seen.length < count) this.seen = new Int32Array(count * 2);
    // The entries whose whole form hashes as the query's: the stored name typed exactly as stored.
    const [qa, qb] = query.whole === '' ? [0, 0] : hashPair(query.whole);
    const sameWhole = (entry: number) =>
      query.whole !== '' && this.wholeA.data[entry] === qa && this.wholeB.data[entry] === qb;
    const stamp = ++this.stamp;
    const narrowed = query.section !== null || query.year !== null;
    // A year alone: only that year's burials, and the graves of the number (read below, before the year's scan).
    let yearOnly = false;
    const consider = (entry: number) => {
      if (this.seen[entry] === stamp) return;
      this.seen[entry] = stamp;
      const item = this.items[entry];
      if (item === undefined || (keep && !keep(item))) return;
      // The section and day are asked only when the query has a section word or a year (an object per name).
      const facts = narrowed ? this.factsOf?.(item) : undefined;
      if (yearOnly && !inYear(query.year!, facts?.date)) return;
      const score = burialScore(
        query,
        this.view(entry, sameWhole(entry) ? query.whole : NOT_THE_SAME),
        this.graves[entry]!,
        facts,
      );
      if (score >= 0) {
        found.push(entry);
        scores.push(score);
      }
    };
    if (query.whole !== '') {
      const next = this.sameNext.data;
      for (let entry = this.sameHead[this.bucketOf(qa)]!; entry >= 0; entry = next[entry]!) {
        if (sameWhole(entry)) consider(entry);
      }
    }
    if (query.required === 0) {
      // Numbers only: each grave's number is tested once, and a matching grave's people are all answers.
      for (const [number, entries] of this.gravesByNumber()) {
        if (query.numbers.length > 0 && matchGraveNumber(query, number) !== null) entries.forEach(consider);
      }
      // And the people whose names hold the number as a word of their own.
      for (const slot of this.numberSlots.get(query.numbers[0] ?? '') ?? []) this.postings[slot]!.forEach(consider);
      // A year alone, or a number that may be one: that year's burials too.
      if (query.year !== null && query.words.length === 0 && (query.yearAlone || query.numbers.length === 0)) {
        yearOnly = true;
        for (let entry = 0; entry < count; entry++) consider(entry);
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
      // A name matches only if each required word meets one of its words (searchName refuses it otherwise): the
      // other required words, fewest names first, mark the entries that hold a word for each of them, and the lead's
      // entries are scored only when marked by all. "محمد علي" in a city scores the few thousand names holding both,
      // not the twenty thousand holding علي.
      const others: number[] = [];
      for (let j = 0; j < k; j++) if (j !== lead && query.required & (1 << j)) others.push(j);
      others.sort((a, b) => reach[a]! - reach[b]!);
      if (this.level.length < count) this.level = new Int32Array(count * 2);
      if (this.levelBase > 2 ** 30) {
        this.level.fill(0);
        this.levelBase = 0;
      }
      const base = (this.levelBase += MAX_QUERY_WORDS + 1);
      const level = this.level;
      // Plain counted loops: these walk tens of thousands of entries a search in a city, and an iterator or a
      // callback per list cost as much again as the marking itself.
      for (let done = 0; done < others.length; done++) {
        const bit = 1 << others[done]!;
        const from = done === 0 ? -1 : base + done;
        const to = base + done + 1;
        for (let s = 0; s < slots.length; s++) {
          if (!(masks[s]! & bit)) continue;
          const list = this.postings[slots[s]!]!;
          for (let i = 0, n = list.length; i < n; i++) {
            const entry = list[i]!;
            if (from < 0 ? level[entry]! < to : level[entry] === from) level[entry] = to;
          }
        }
      }
      const needed = base + others.length;
      const leadBit = 1 << lead;
      for (let s = 0; s < slots.length; s++) {
        if (!(masks[s]! & leadBit)) continue;
        const list = this.postings[slots[s]!]!;
        for (let i = 0, n = list.length; i < n; i++) {
          const entry = list[i]!;
          if (others.length === 0 || level[entry] === needed) consider(entry);
        }
      }
    }
    return { best: limit === UNRANKED ? found : this.best(found, scores, limit), sameWhole };
  }

  /**
   * What this index is made of, to be written down and read back by fromParts (a city's index is read back in a
   * fraction of the seconds its names take to be read again, server/data/searchSnapshot.ts). For an index whose
   * items are its entries' own numbers (the server's person slots). The arrays of numbers are views: read them
   * before anything is added or removed again.
   */
  parts(this: NameIndex<number>): NameIndexParts {
    const count = this.items.length;
    const live = new Uint8Array(count);
    for (let entry = 0; entry < count; entry++) {
      const item = this.items[entry];
      if (item !== undefined && item !== entry) throw new Error('NameIndex.parts: an item is not its entry');
      live[entry] = item === undefined ? 0 : 1;
    }
    const postingStarts = new Int32Array(this.postings.length + 1);
    for (let slot = 0; slot < this.postings.length; slot++) {
      postingStarts[slot + 1] = postingStarts[slot]! + this.postings[slot]!.length;
    }
    const postings = new Int32Array(postingStarts[this.postings.length]!);
    this.postings.forEach((list, slot) => postings.set(list, postingStarts[slot]!));
    return {
      pool: this.pool.held(),
      starts: this.starts.held(),
      counts: this.counts.held(),
      firsts: this.firsts.held(),
      wholeA: this.wholeA.held(),
      wholeB: this.wholeB.held(),
      live,
      words: this.tokens.map((token, slot) => ({
        source: this.sources[slot]!,
        id: token.id,
        exact: token.exact,
        folded: token.folded,
      })),
      postingStarts,
      postings,
    };
  }

  /**
   * An index read back from its parts (its entries' grave numbers given again by the caller, who keeps them). The
   * stored words are read again through indexName, so their numbers are this process's; null when a word no longer
   * reads as it did (the matcher's rules changed since the parts were written): the caller builds it from the names.
   * The arrays given become the index's own.
   */
  static async fromParts(
    parts: NameIndexParts,
    graves: Array<string | number | null>,
    tieBreak?: TieBreak<number>,
    factsOf?: (item: number) => BurialFacts,
    /** Called every few thousand entries: the caller's chance to let other work run (a city's takes 200 ms). */
    pause: () => Promise<void> = async () => {},
  ): Promise<NameIndex<number> | null> {
    const index = new NameIndex<number>(tieBreak, factsOf);
    const count = parts.live.length;
    if (
      graves.length !== count ||
      parts.starts.length !== count ||
      parts.postingStarts.length !== parts.words.length + 1
    ) {
      return null;
    }
    // The file's word numbers → this process's, in an array when they are as small as a sound file's (a Map look-up
    // per stored word was a fifth of the reading at 300,000 names).
    const largest = parts.words.reduce((max, word) => Math.max(max, word.id), -1);
    const idOf = largest < 4 * parts.words.length + 65_536 ? new Int32Array(largest + 1).fill(-1) : null;
    const slowIdOf = new Map<number, number>();
    for (const [n, word] of parts.words.entries()) {
      if (n % PAUSE_EVERY === 0) await pause();
      const indexed = indexName(word.source);
      if (indexed.words.length !== 3) return null;
      const token = tokenById(indexed.words[0]!);
      if (token.exact !== word.exact || token.folded !== word.folded || index.slotOf.has(token)) return null;
      if (!Number.isInteger(word.id) || word.id < 0) return null;
      if (idOf) idOf[word.id] = token.id;
      else slowIdOf.set(word.id, token.id);
      index.fileNumber(token, index.tokens.length);
      index.slotOf.set(token, index.tokens.length);
      index.tokens.push(token);
      index.sources.push(word.source);
      const slot = index.postings.length;
      index.postings.push(parts.postings.subarray(parts.postingStarts[slot], parts.postingStarts[slot + 1]));
    }
    const pool = parts.pool;
    for (let at = 0; at < pool.length; at += 3) {
      if (at % (3 * PAUSE_EVERY) === 0) await pause();
      const id = idOf ? (idOf[pool[at]!] ?? -1) : (slowIdOf.get(pool[at]!) ?? -1);
      if (id < 0) return null;
      pool[at] = id;
    }
    index.pool.data = pool;
    index.pool.length = pool.length;
    for (const [mine, theirs] of [
      [index.starts, parts.starts],
      [index.wholeA, parts.wholeA],
      [index.wholeB, parts.wholeB],
    ] as const) {
      mine.data = theirs;
      mine.length = theirs.length;
    }
    let buckets = WHOLE_BUCKETS_MIN;
    while (4 * buckets < count) buckets *= 2;
    index.sameHead = new Int32Array(buckets).fill(-1);
    index.sameNext.data = new Int32Array(count);
    index.sameNext.length = count;
    index.counts.data = parts.counts;
    index.counts.length = count;
    index.firsts.data = parts.firsts;
    index.firsts.length = count;
    // The graves' numbers become the index's own, as the parts do (copied one by one, a city's 300,000 were a tenth
    // of the reading, most of it the collector's).
    index.graves = graves;
    for (let entry = 0; entry < count; entry++) {
      if (entry % PAUSE_EVERY === 0) await pause();
      index.linkWhole(entry);
      if (parts.live[entry] === 1) index.items.push(entry);
      else {
        index.items.push(undefined);
        index.dead++;
      }
    }
    return index;
  }

  /** A name as the matcher reads it, over the shared numbers (its `whole` given: the query's when the hashes agree). */
  private view(entry: number, whole: string): IndexedName {
    const start = this.starts.data[entry]!;
    return {
      name: '',
      words: this.pool.data.subarray(start, start + 3 * this.counts.data[entry]!),
      first: this.firsts.data[entry]!,
      whole,
    };
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
