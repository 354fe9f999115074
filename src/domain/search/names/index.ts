/**
 * Word-based, ranked search of Arabic names: find a person the way a family asks.
 * Pure TypeScript (no DOM, no Node APIs): the server and both front ends run this one matcher.
 *
 * API
 *   prepareQuery(text, today?): PreparedQuery | null
 *       Parse a query once: words, optional words, compounds, numbers. null when nothing is left to search.
 *       A query reads the words of the names indexed so far (a compound stays whole when a name holds it, a word
 *       typed without its space is split into two the names hold): index the names before preparing a query.
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
 * Speed: every distinct stored word is kept once and filed under its folded, spoken and one-deletion keys (and,
 * in order, its beginnings and consonant skeletons, for beginnings and Latin words), so a prepared query compares
 * its words only with the stored words that can match them; a name is then refused by reading its word ids
 * against the query's table (bench/nameSearch.ts has the figures).
 *
 * What matches (every rule has cases in tests/domain/nameSearchCases.ts, searchFindsCases.ts, latinSpellings.ts)
 *   Words: runs of Arabic letters; runs of Latin letters, digits and the letters of any other script written
 *   together ("QA7", "Xk3q", "Иван"), each found by itself; a query's such word that finds nothing and holds a
 *   number ("Mohamed45") is read as its runs. A stored word of digits alone is found by a number ("2" finds
 *   "George Haddad 2", after the grave numbered 2).
 *   A person matches when every remaining query word matches a different word of the name, in any order;
 *   words of the name may be skipped. Before that, the query loses: lineage words (بن، ابن، بنت، ولد — also
 *   dropped from stored names); honorifics and mourning words (المرحوم، الحاج، الفقيد، الشيخ، السيد، الأستاذ،
 *   الدكتور، المهندس…), which stay optional: they count when the stored name holds them, else are ignored; and
 *   قبر/مقبرة/رقم before a number. A query made only of honorifics searches for them ("الشيخ" is a family).
 *   Compounds are one word on both sides: عبد/أبو/أم + next word, and X + الدين/الله ("عبدالعزيز" = "عبد العزيز").
 *   A word matches a stored word as, best first:
 *     exact   the same word as stored (only marks and tatweel ignored);
 *     folded  equal after normalizeArabic (hamza forms, ى/ي, ة/ه, compound spacing), or with the article
 *             dropped on either side, whatever the word's ending ("فقي" for الفقي, "الشرقاوي" for شرقاوي), or
 *             the first half of a X الدين/الله compound ("صلاح");
 *     spoken  Egyptian letter swaps ذ~ز~د, ث~س~ت, ظ~ض~ز, ص~س, ط~ت, ق~ء, each way, any number of them;
 *     latin   a Latin-letter word spelled from the Arabic word by the letter rules of latin.ts (consonants,
 *             short vowels written or not, long vowels, the article's forms, chat digits); the looser
 *             spellings of those rules rank below the plain ones;
 *     typo    one letter missing, extra, replaced or swapped with its neighbour, only when both words have 4
 *             letters or more, never between two common given names (محمد is not a slip of محمود, سمير of
 *             سميرة: givenNames.ts), nor between a common given name and a family name without its article
 *             (زياد is not الزيات), the article optional either side; a slip at the first letter ranks below
 *             one further on (a hand rarely misses a name's first letter).
 *   Two slips in one word, or a spoken swap plus a slip, is no match. A query holds at most 10 name words
 *   (optional ones dropped first) and is read up to 200 characters.
 *   Latin words: "Abdel Rahman", "Abd El-Rahman", "Abdurrahman" are one compound; El-/Al- is optional both
 *   ways; Latin honorifics (El-Hag, Dr, Sheikh) are optional like the Arabic ones; 3, 7, 2, 5, 6, 8, 9 inside a
 *   word are the chat letters ("3ali", "7asan"). Not handled: Arabic queries on names stored in Latin letters.
 *   Words being typed: the query's last word is unfinished unless the text ends after it (a space, a comma); it
 *   then also matches the stored words it begins, after folding, the article optional either side ("محم" finds
 *   محمد and محمدين, "فق" finds الفقي), as class 'prefix'; a Latin one, the Arabic words whose spelling by the
 *   letter rules it begins. Under two letters (the article not counted) it is left out until it is longer.
 *   A word before the last may also be a beginning ("محمد عبد الم الجمال"), only when a later word of the
 *   query matches whole, and ranked below every whole-word match; a compound that finds nothing is read as its
 *   two words ("محمد عبد الجمال": a father's name half-typed), and a word ending in ة, ى or اء is no beginning.
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
 *   1. class of the whole query = its worst word: exact > number > folded > prefix > spoken > latin > typo >
 *      a beginning before the last word or in Latin letters (also 'prefix'); the last word's Arabic beginning
 *      sits below every whole-word class of Arabic letters a family would call the same name, and above the
 *      guesses (a swap, a Latin reading, a slip), so the first answer holds every typed word.
 *      'number' is given only to queries made of numbers only (a query with name words takes its words'
 *      class), so it never meets the name classes in one answer; it sits after exact because a number is
 *      typed exactly. 'latin' sits above 'typo': a spelling by the rules is a surer hit than a slip, and a
 *      Latin query has nothing else to match with.
 *   2. more query words matched in the stored order (longest in-order run of matched words, optional
 *      words included) before fewer;
 *   3. a grave whose number equals the query's number, then a name holding the number as a word, then a grave
 *      whose number only contains it;
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
export { tokenCount } from './forms';
export { highlightRanges } from './highlight';
export { NameIndex, NumberPool, type IndexedMatch, type NameIndexParts } from './nameIndex';
export { HONORIFIC_WORDS, LINEAGE_WORDS } from './words';
