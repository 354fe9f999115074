/**
 * Word-based, ranked search of Arabic names: find a person the way a family asks.
 * Pure TypeScript (no DOM, no Node APIs): the server and both front ends run this one matcher.
 *
 * API
 *   prepareQuery(text, today?): PreparedQuery | null
 *       Parse a query once: words, optional words, compounds, numbers. null when nothing is left to search.
 *   indexName(name): IndexedName
 *       Precompute a stored name once (kept in memory: its words are shared objects, referred to by id, so
 *       30,000 names cost about 8 MB); tokensOf(indexed) gives its stored words back. The same name indexed
 *       twice gives equal results; names indexed after a query was prepared are matched by it too.
 *   matchName(query, name): NameMatch | null
 *       How the query's words match the name, or null. Number words are not looked at (see matchBurial).
 *   matchGraveNumber(query, graveNumber): 'equal' | 'contains' | null
 *       The query's number words against a grave number (Arabic-Indic or Western digits either side).
 *   matchBurial(query, name, graveNumber): NameMatch | null
 *       One buried person: name words against the name AND number words against the grave's number.
 *       A query of numbers only matches every person of a matching grave, as class 'number'.
 *   matchGrave(query, graveNumber, names, facts?): { best, persons } | null
 *       A grave card: matches when its number fits and (for name words) at least one of its people does.
 *   matchGraveByNumber(query, graveNumber, facts?): NameMatch | null
 *       A grave for a query without name words: by its number, or by a year of its burials.
 *   compareMatches(a, b): number
 *       Sort comparator, best first: Array.prototype.sort(compareMatches). Ties (0) are left to the caller,
 *       who puts the most recent burial first.
 *   highlightRanges(name, words): Array<{ text, match }>
 *       The name cut into pieces to draw, the matched words marked.
 *   new NameIndex<T>(); index.add(name, graveNumber, item); index.search(query, limit?): { item, match }[]
 *       For the server's 30,000 burials: the same answers as matchBurial over every name, best first, but a
 *       query only visits the names holding a word that can match its most selective word. Ties keep the
 *       order of add(): add burials most recent first and the last tie-break comes for free.
 *
 * Speed: every distinct stored word is kept once and filed under its folded, spoken and one-deletion keys, so
 * a prepared query compares its words only with the stored words that can match them; a name is then refused
 * by reading its word ids against the query's table (bench/nameSearch.ts has the figures).
 *
 * What matches (every rule has cases in tests/domain/nameSearchCases.ts)
 *   A person matches when every remaining query word matches a different word of the name, in any order;
 *   words of the name may be skipped. Before that, the query loses: lineage words (بن، ابن، بنت، ولد — also
 *   dropped from stored names); honorifics and mourning words (المرحوم، الحاج، الفقيد، الشيخ، السيد، الأستاذ،
 *   الدكتور، المهندس…), which stay optional: they count when the stored name holds them, else are ignored; and
 *   قبر/مقبرة/رقم before a number. A query made only of honorifics searches for them ("الشيخ" is a family).
 *   Compounds are one word on both sides: عبد/أبو/أم + next word, and X + الدين/الله ("عبدالعزيز" = "عبد العزيز").
 *   A word matches a stored word as, best first:
 *     exact   the same word as stored (only marks and tatweel ignored);
 *     folded  equal after normalizeArabic (hamza forms, ى/ي, ة/ه, compound spacing), or with the stored
 *             article dropped ("فقي" for الفقي), or the first half of a X الدين/الله compound ("صلاح");
 *     spoken  Egyptian letter swaps ذ~ز~د, ث~س~ت, ظ~ض~ز, ص~س, ط~ت, ق~ء, each way, any number of them;
 *     latin   a Latin-letter word: a listed spelling of a common name (latinNames.ts), else the consonant
 *             skeleton (El-Fiky = الفقي);
 *     typo    one letter missing, extra, replaced or swapped with its neighbour, only when both words have 4
 *             letters or more, never between two common given names (محمد is not a slip of محمود, سمير of
 *             سميرة), nor from a common given name to a family name without its article (زياد is not الزيات).
 *   Two slips in one word, or a spoken swap plus a slip, is no match. A query holds at most 10 name words
 *   (optional ones dropped first) and is read up to 200 characters.
 *   Latin words: "Abdel Rahman", "Abd El-Rahman", "Abdurrahman" are one compound; El-/Al- is optional both
 *   ways; Latin honorifics (El-Hag, Dr, Sheikh) are optional like the Arabic ones. Not handled: Arabic queries
 *   on names stored in Latin letters, and Franco-Arabic digits (3 for ع, 7 for ح).
 *   Words being typed: the query's last word is unfinished unless the text ends after it (a space, a
 *   comma); it then also matches the stored words it begins, after folding, the article optional either side
 *   ("محم" finds محمد and محمدين, "فق" finds الفقي), as class 'prefix'; a Latin one through the listed spellings
 *   it begins. Under two letters (the article not counted) it is left out until it is longer. Earlier words
 *   are whole words.
 *   Narrowing: a year (Gregorian 1900–this year; Hijri 1300–this year marked هـ or هجري) beside a
 *   name word, or after سنة/عام/توفي/توفيت, ranks that year's burials first; a number alone that could be a
 *   year finds its grave first, then that year's burials; a number after قبر/رقم stays a grave's number.
 *   رجال/نساء/عظام (with or without ال) narrow to the section beside a name or a number (BurialFacts and
 *   GraveFacts carry a person's section and day; a door that gives none is not narrowed). آل before a family
 *   name is left out; the article is optional both ways. A stored name typed exactly as stored (spaces aside)
 *   comes first whatever it holds; a word typed without its space ("فاطمةالزهراء") is cut into two stored words.
 *
 * Rank (NameMatch.score; compareMatches sorts by it)
 *   0. the stored name exactly as typed, then (with a year) the burials of that year;
 *   1. class of the whole query = its worst word: exact > number > folded > prefix > spoken > latin > typo;
 *      a prefix sits below every whole-word class of Arabic letters a family would call the same name, and
 *      above the guesses (a swap, a Latin reading, a slip), so the first answer holds every typed word.
 *      'number' is given only to queries made of numbers only (a query with name words takes its words'
 *      class), so it never meets the name classes in one answer; it sits after exact because a number is
 *      typed exactly. 'latin' sits above 'typo': a listed spelling is a surer hit than a slip, and a Latin
 *      query has nothing else to match with.
 *   2. more query words matched in the stored order (longest in-order run of matched words, optional
 *      words included) before fewer;
 *   3. a grave whose number equals the query's number before one whose number only contains it;
 *   4. finer: words matched better than the class (by how much), the query's first word on the person's own
 *      first name (not the father's), matched words next to each other, fewer unmatched words in the name.
 *   5. the caller: the most recent burial first.
 */
export {
  compareMatches,
  indexName,
  MATCH_CLASSES,
  matchBurial,
  matchGrave,
  matchGraveByNumber,
  matchGraveNumber,
  matchName,
  prepareQuery,
  PreparedQuery,
  sectionFits,
  tokensOf,
  type BurialFacts,
  type GraveFacts,
  type GraveMatch,
  type IndexedName,
  type MatchClass,
  type NameMatch,
} from './match';
export { highlightRanges } from './highlight';
export { NameIndex, NumberPool, type IndexedMatch, type NameIndexParts } from './nameIndex';
export { HONORIFIC_WORDS, LINEAGE_WORDS } from './words';
