// Micro-benchmark of the name matcher (src/domain/search/names): `npx tsx bench/nameSearch.ts` (all three parts),
// `npx tsx bench/nameSearch.ts recall` (the third alone).
// - server: 30,000 generated Egyptian lineage names indexed once; each query is prepared and run over all of
//   them, matches sorted best first and cut to 50 (what /api/search does). Target p99 < 10 ms.
// - browser: 1,500 graves of one to three people; a query typed letter by letter, every keystroke filtering and
//   sorting all graves. Target median < 16 ms.
// - recall: the same 30,000 names; queries made from a person as families type them, in Arabic (first and family
//   name, reversed, with the father, an honorific, بن, the article added or left out, folded letters, a spoken
//   swap, a slip, a compound joined, a word half-typed before the family name, the last word being typed) and in
//   Latin letters (the spellings of tests/domain/latinSpellings.ts). Recall@5: the person is among the first five
//   answers, not counting before it the people who hold every word meant as well (two people of one name, whom no
//   search can tell apart), and the person first among those it ties with. First-answer precision: the first
//   answer of a query answered holds every word typed (the word meant, or the word typed when a slip made another
//   real name; a word so begun, for a beginning), or ties with the person sought.
//   Targets: recall@5 at least 0.98 in Arabic and 0.95 in Latin, precision 1.
// Names and queries come from a seeded generator, so two runs measure the same work.
import { normalizeArabic } from '../src/domain/search/normalize';
import { LATIN_SPELLINGS } from '../tests/domain/latinSpellings';
import {
  compareMatches,
  indexName,
  matchBurial,
  matchGrave,
  NameIndex,
  prepareQuery,
  tokensOf,
  type IndexedName,
} from '../src/domain/search/names';

/** As bench/measure.ts's (not imported: it loads Playwright, which this pure measurement does not need). */
function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

let seed = 20260310;
function random(): number {
  // mulberry32: small, seeded, good enough to pick names.
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;

const MEN = (
  'محمد أحمد احمد محمود مصطفى مصطفي علي حسن حسين إبراهيم ابراهيم عمر يوسف خالد سعيد سيد طه يحيى رمضان شعبان ' +
  'فتحي عادل جمال كمال صلاح عثمان زكريا أنور رضا موسى عيسى مرسي عوض منصور سالم فاروق حامد حمدي سامي ربيع ' +
  'هاشم ذكي ثروت طارق ناصر صبري شوقي قاسم عاطف عصام عماد مجدي ممدوح مدحت نبيل هشام وليد شريف أشرف أيمن أسامة'
).split(' ');
const COMPOUND_MEN = [
  'عبد الله',
  'عبدالله',
  'عبد الرحمن',
  'عبد العزيز',
  'عبد الحميد',
  'عبد الفتاح',
  'عبد المنعم',
  'صلاح الدين',
  'نور الدين',
];
const WOMEN = (
  'فاطمة فاطمه عائشة خديجة زينب مريم آمنة سعاد نفيسة هدى منى سلمى نادية حليمة صفية رقية سميرة وفاء إحسان ليلى ' +
  'كريمة عزيزة بهية زكية نعيمة فوزية سكينة تحية صباح هانم أسماء إيمان أمل إسراء ثناء سناء سهام شيماء صفاء عبير'
).split(' ');
const FAMILY = (
  'الفقي النجار الحداد العطار الجمال البنا الخطيب الشافعي المصري الديب القاضي الشيخ السيد حجازي بدوي غنيم سرور ' +
  'عطية زيدان شحاتة سليمان منصور عوض رمضان الدسوقي الصاوي الهلالي الجندي الشرقاوي المنياوي البدري الزيات'
).split(' ');
const FAMILY_COMPOUND = ['أبو زيد', 'ابو زيد', 'أبو العلا', 'أبو الخير', 'عبد الرحمن', 'عبد الله'];
// A town has a couple of thousand family names: crafts, places and nicknames with ال and nisba endings.
const ROOTS = (
  'نجار حداد عطار جمال خطيب شافع مصر ديب قاض بدر زيات جند شرق منيا سيوط فيوم بحير دمياط طنطا منوف قليوب ' +
  'شرقاو غرياني سمان خياط فران لبان طحان دهان نحاس صباغ صياد حلاق فخراني زغلول عدو حجاز بلتاج مرس عراب ' +
  'جزار حكيم عسال قصاص بيطار كحال ساعات مغرب يمن شام حلب طرابلس سودان نوب بربر عقاد وراق نساج رفاع سباع'
).split(' ');
const FAMILY_MADE = ROOTS.flatMap((root) => [`ال${root}ي`, `${root}ي`, `ال${root}اوي`, `ال${root}`, `${root}ه`]);
// And made-up ones, so the vocabulary is as large as a town's (each distinct word is compared once per query).
const LETTERS = 'بتجحدرزسشصطعفقكلمنهوي';
const SYLLABLES = [...LETTERS].flatMap((a) => ['ا', 'و', 'ي', ''].map((v) => a + v));
const FAMILY_RANDOM = Array.from({ length: 2500 }, () => {
  const word = pick(SYLLABLES) + pick(SYLLABLES) + pick([...LETTERS]) + pick(['ي', 'اوي', '', 'ه']);
  return random() < 0.5 ? `ال${word}` : word;
});

interface Person {
  name: string;
  grave: number;
}

function person(i: number): Person {
  const woman = random() < 0.45;
  const first = woman ? pick(WOMEN) : random() < 0.15 ? pick(COMPOUND_MEN) : pick(MEN);
  const lineage = random() < 0.3 ? (woman ? ' بنت' : ' بن') : '';
  const father = random() < 0.1 ? pick(COMPOUND_MEN) : pick(MEN);
  const grandfather = pick(MEN);
  const r = random();
  const family =
    r < 0.1 ? pick(FAMILY_COMPOUND) : r < 0.4 ? pick(FAMILY) : r < 0.6 ? pick(FAMILY_MADE) : pick(FAMILY_RANDOM);
  const honorific = random() < 0.05 ? (woman ? 'الحاجة ' : 'الحاج ') : '';
  return { name: `${honorific}${first}${lineage} ${father} ${grandfather} ${family}`, grave: 1 + (i % 15000) };
}

// --- queries: how families type, made from stored people ----------------------------------------------------------

const SPOKEN: Record<string, string> = { ذ: 'ز', ث: 'س', ظ: 'ض', ص: 'س', ط: 'ت', ق: 'أ' };
const LATIN: Record<string, string> = {
  محمد: 'Mohamed',
  أحمد: 'Ahmed',
  محمود: 'Mahmoud',
  علي: 'Ali',
  حسن: 'Hassan',
  فاطمة: 'Fatma',
  زينب: 'Zeinab',
  يوسف: 'Youssef',
  'عبد الرحمن': 'Abdel Rahman',
  الفقي: 'El-Fiky',
  النجار: 'El Naggar',
  الشافعي: 'Elshafei',
  الحداد: 'Haddad',
  عثمان: 'Osman',
  سعاد: 'Soad',
  مريم: 'Mariam',
  خالد: 'Khaled',
  عمر: 'Omar',
};

function words(name: string): string[] {
  return name
    .replace(/^(الحاج|الحاجة) /, '')
    .replace(/ (بن|بنت) /, ' ')
    .split(' ');
}

const KINDS = [
  'first+family',
  'reversed',
  'honorific+lineage',
  'folded',
  'spoken',
  'typo',
  'latin',
  'grave',
  'first name',
  'nothing',
];

function queryFrom(p: Person, kind: number): string {
  const w = words(p.name);
  const first = w[0]!;
  const family = w[w.length - 1]!;
  switch (kind) {
    case 0:
      return `${first} ${family}`;
    case 1:
      return `${family} ${first}`;
    case 2:
      return `المرحوم ${first} بن ${w[1]} ${family}`;
    case 3:
      return `${first.replace(/[أإآ]/g, 'ا').replace(/ة/g, 'ه').replace(/ى/g, 'ي')} ${family.replace(/^ال/, '')}`;
    case 4: {
      const swapped = `${first} ${family}`.replace(/[ذثظصطق]/, (c) => SPOKEN[c]!);
      return swapped;
    }
    case 5:
      // a letter dropped from the longest word
      return [first, family].map((x) => (x.length >= 5 ? x.slice(0, 2) + x.slice(3) : x)).join(' ');
    case 6:
      return `${LATIN[first] ?? 'Mohamed'} ${LATIN[family] ?? 'El-Fiky'}`;
    case 7:
      return `مقبرة رقم ${p.grave}`;
    case 8:
      return first; // one common first name: the heaviest query (thousands of matches)
    default:
      return `${pick(['شمس', 'قمر', 'نرجس', 'Xavier'])} ${family}`; // finds nothing
  }
}

interface Figures {
  p50: number;
  p99: number;
  max: number;
}

function figures(times: number[]): Figures {
  return { p50: percentile(times, 50), p99: percentile(times, 99), max: Math.max(...times) };
}

function serverBench(): {
  scan: Figures;
  index: Figures;
  cpu: Record<'scan' | 'index', Figures>;
  queries: number;
  meanMatches: number;
  typing: Figures;
  keystrokes: number;
} {
  const people = Array.from({ length: 30_000 }, (_, i) => person(i));
  let t0 = performance.now();
  const indexed: IndexedName[] = people.map((p) => indexName(p.name));
  const scanMs = performance.now() - t0;
  t0 = performance.now();
  const index = new NameIndex<number>();
  people.forEach((p, i) => index.add(p.name, p.grave, i));
  const indexMs = performance.now() - t0;
  const distinct = new Set(indexed.flatMap((n) => tokensOf(n))).size;
  console.log(
    `30,000 names (${distinct} distinct words): indexName on each ${scanMs.toFixed(0)} ms (a second pass, words known), ` +
      `NameIndex built in ${indexMs.toFixed(0)} ms`,
  );
  const queries: string[] = [];
  for (let i = 0; i < 400; i++) queries.push(queryFrom(pick(people), i % KINDS.length));

  // The scan: every name through matchBurial, as a page does with its graves.
  const scan = (q: string) => {
    const prepared = prepareQuery(q);
    if (prepared === null) return 0;
    const found: Array<{ i: number; score: number }> = [];
    for (let i = 0; i < indexed.length; i++) {
      const m = matchBurial(prepared, indexed[i]!, people[i]!.grave);
      if (m !== null) found.push({ i, score: m.score });
    }
    found.sort(compareMatches);
    return found.length;
  };
  const search = (q: string) => {
    const prepared = prepareQuery(q);
    return prepared === null ? 0 : index.search(prepared, 50).length;
  };
  const results: Record<'scan' | 'index', Figures> = {} as never;
  // Processor time too: on a shared machine the wall clock also counts the time other programs held the CPU.
  const cpu: Record<'scan' | 'index', Figures> = {} as never;
  let matches = 0;
  for (const [label, run] of [
    ['scan', scan],
    ['index', search],
  ] as const) {
    for (const q of queries.slice(0, 40)) run(q); // warm-up: JIT, the Latin names list
    const times: number[] = [];
    const cpuTimes: number[] = [];
    const byKind: number[][] = Array.from({ length: KINDS.length }, () => []);
    queries.forEach((q, i) => {
      const start = performance.now();
      const cpu = process.cpuUsage();
      const n = run(q);
      const used = process.cpuUsage(cpu);
      const ms = performance.now() - start;
      if (label === 'scan') matches += n;
      times.push(ms);
      cpuTimes.push((used.user + used.system) / 1000);
      byKind[i % KINDS.length]!.push((used.user + used.system) / 1000);
    });
    console.log(
      `  ${label}: ` +
        KINDS.map(
          (kind, i) => `${kind} ${percentile(byKind[i]!, 50).toFixed(1)}/${percentile(byKind[i]!, 99).toFixed(1)}`,
        ).join(', '),
      '(p50/p99 ms of processor time)',
    );
    results[label] = figures(times);
    cpu[label] = figures(cpuTimes);
  }
  // A name typed letter by letter, each keystroke a search of its own (the last word a beginning).
  const keystrokes: number[] = [];
  for (let i = 0; i < 40; i++) {
    const words = pick(people).name.split(' ');
    const text = `${words[0]} ${words[words.length - 1]}`;
    for (let len = 1; len <= text.length; len++) {
      const cpu = process.cpuUsage();
      search(text.slice(0, len));
      const used = process.cpuUsage(cpu);
      keystrokes.push((used.user + used.system) / 1000);
    }
  }
  return {
    ...results,
    cpu,
    queries: queries.length,
    meanMatches: matches / queries.length,
    typing: figures(keystrokes),
    keystrokes: keystrokes.length,
  };
}

function browserBench(): { median: number; p99: number; keystrokes: number } {
  const graves = Array.from({ length: 1500 }, (_, i) => ({
    number: i + 1,
    names: Array.from({ length: 1 + Math.floor(random() * 3) }, () => indexName(person(i).name)),
  }));
  const typed = [
    'الحاج محمد الفقي',
    'سعاد النجار',
    'عبدالرحمن حسن',
    'Fatma Naggar',
    'زكي الشافعى',
    'قبر ٤٥',
    'مححمد عوض',
  ];
  const times: number[] = [];
  for (let round = 0; round < 3; round++) {
    for (const text of typed) {
      for (let len = 1; len <= text.length; len++) {
        const t0 = performance.now();
        const q = prepareQuery(text.slice(0, len));
        if (q !== null) {
          const shown: Array<{ score: number; number: number }> = [];
          for (const g of graves) {
            const m = matchGrave(q, g.number, g.names);
            if (m !== null) shown.push({ score: m.best.score, number: g.number });
          }
          shown.sort(compareMatches);
        }
        if (round > 0) times.push(performance.now() - t0); // round 0 warms up
      }
    }
  }
  return { median: percentile(times, 50), p99: percentile(times, 99), keystrokes: times.length };
}

// --- recall@5 and first-answer precision ------------------------------------------------------------------------

/** A query and what it means: the person sought and, per typed word, the stored word meant. */
interface Sought {
  kind: string;
  query: string;
  person: number;
  meant: string[];
  /** The name words as typed, when a slip or a swap typed another real word ("سناء" for ثناء). */
  typed?: string[];
}

const folded = (word: string) => normalizeArabic(word);
const bare = (word: string) => (word.startsWith('ال') && word.length >= 5 ? word.slice(2) : word);

/** A name's words as the measure compares them: folded, the article and spaces aside, compounds whole. */
function wordsOf(name: string): Set<string> {
  const units = name
    .replace(/^(الحاج|الحاجة) /, '')
    .replace(/ (بن|بنت) /, ' ')
    .replace(/(?<=^| )(عبد|أبو|ابو|أم|ام) /g, '$1')
    .replace(/ (الدين|الله)/g, '$1')
    .split(' ');
  return new Set(units.map((w) => bare(folded(w))));
}

/** Whether a name holds every word meant by the query (a word typed as a beginning ending in '…': a word so begun). */
const holds = (name: string, meant: readonly string[]) => {
  const words = wordsOf(name);
  return meant.every((w) => {
    if (!w.endsWith('…')) return words.has(bare(folded(w)));
    const begun = bare(folded(w.slice(0, -1)));
    return [...words].some((x) => x.startsWith(begun));
  });
};

/** The spellings of each name of the table, by folded Arabic. */
const SPELLINGS_OF = new Map<string, readonly string[]>();
for (const [arabic, spellings] of LATIN_SPELLINGS) {
  SPELLINGS_OF.set(folded(arabic), [...(SPELLINGS_OF.get(folded(arabic)) ?? []), ...spellings]);
}

/** Stored words as the generator writes them: compounds joined by their space. */
function personWords(name: string): string[] {
  return name
    .replace(/^(الحاج|الحاجة) /, '')
    .replace(/ (بن|بنت) /, ' ')
    .replace(/(?<=^| )(عبد|أبو|ابو|أم|ام) (\S+)/g, '$1\u0001$2')
    .replace(/(\S+) (الدين|الله)/g, '$1\u0001$2')
    .split(' ')
    .map((w) => w.replace('\u0001', ' '));
}

const ARABIC_KINDS = [
  'first family',
  'family first',
  'first father family',
  'honorific',
  'lineage',
  'article',
  'folded',
  'spoken',
  'slip',
  'compound joined',
  'half-typed middle',
  'typing',
] as const;

function arabicQuery(people: readonly Person[], i: number, kind: (typeof ARABIC_KINDS)[number]): Sought | null {
  const w = personWords(people[i]!.name);
  const [first, father, family] = [w[0]!, w[1]!, w[w.length - 1]!];
  const sought = (query: string, meant: string[]): Sought => ({ kind, query, person: i, meant });
  switch (kind) {
    case 'first family':
      return sought(`${first} ${family} `, [first, family]);
    case 'family first':
      return sought(`${family} ${first} `, [first, family]);
    case 'first father family':
      return sought(`${first} ${father} ${family} `, [first, father, family]);
    case 'honorific':
      return sought(`${first.match(/[ةه]$/) ? 'المرحومة' : 'المرحوم'} ${first} ${family} `, [first, family]);
    case 'lineage':
      return sought(`${first} بن ${father} ${family} `, [first, father, family]);
    case 'article': {
      if (family.includes(' ')) return null;
      const other = family.startsWith('ال') ? family.slice(2) : `ال${family}`;
      return sought(`${first} ${other} `, [first, family]);
    }
    case 'folded': {
      const f = (x: string) => x.replace(/[أإآ]/g, 'ا').replace(/ة/g, 'ه').replace(/ى/g, 'ي');
      return sought(`${f(first)} ${f(family)} `, [first, family]);
    }
    case 'spoken': {
      const swapped = `${first} ${family}`.replace(/[ذثظصطق]/, (c) => SPOKEN[c]!);
      return swapped === `${first} ${family}`
        ? null
        : { ...sought(`${swapped} `, [first, family]), typed: personWords(swapped) };
    }
    case 'slip': {
      const long = [first, family].find((x) => x.length >= 5 && !x.includes(' '));
      if (!long) return null;
      const typed = [first, family].map((x) => (x === long ? x.slice(0, 2) + x.slice(3) : x));
      return { ...sought(`${typed.join(' ')} `, [first, family]), typed };
    }
    case 'compound joined': {
      const compound = w.find((x) => x.includes(' '));
      if (!compound) return null;
      return sought(`${compound.replace(' ', '')} ${compound === family ? first : family} `, [
        compound,
        compound === family ? first : family,
      ]);
    }
    case 'half-typed middle':
      if (father.length < 4) return null;
      return sought(`${first} ${father.slice(0, 3)} ${family} `, [first, `${father.slice(0, 3)}…`, family]);
    default: {
      // Three letters of the family name typed (the article not counted).
      const typed = family.slice(0, family.startsWith('ال') ? 5 : 3);
      return typed === family || family.includes(' ') ? null : sought(`${first} ${typed}`, [first, `${typed}…`]);
    }
  }
}

function latinQuery(people: readonly Person[], i: number, n: number): Sought | null {
  const w = personWords(people[i]!.name);
  const [first, family] = [w[0]!, w[w.length - 1]!];
  const a = SPELLINGS_OF.get(folded(first));
  // The family name, or (when the table has none of its spellings) the father's name.
  const second = SPELLINGS_OF.has(folded(family)) ? family : SPELLINGS_OF.has(folded(w[1]!)) ? w[1]! : null;
  if (!a || second === null) return null;
  const b = SPELLINGS_OF.get(folded(second))!;
  return {
    kind: 'latin',
    query: `${a[n % a.length]} ${b[(n * 7 + 3) % b.length]} `,
    person: i,
    meant: [first, second],
  };
}

function recallBench(): void {
  seed = 20260311;
  const people = Array.from({ length: 30_000 }, (_, i) => person(i));
  const index = new NameIndex<number>();
  people.forEach((p, i) => index.add(p.name, p.grave, i));
  const arabic: Sought[] = [];
  for (let n = 0; arabic.length < 600; n++) {
    const q = arabicQuery(people, Math.floor(random() * people.length), ARABIC_KINDS[n % ARABIC_KINDS.length]!);
    if (q) arabic.push(q);
  }
  const latin: Sought[] = [];
  for (let n = 0; latin.length < 300 && n < 100_000; n++) {
    const q = latinQuery(people, Math.floor(random() * people.length), n);
    if (q) latin.push(q);
  }
  const measure = (label: string, set: Sought[]) => {
    let found = 0;
    let precise = 0;
    let answered = 0;
    const missed: string[] = [];
    const imprecise: string[] = [];
    const byKind = new Map<string, { n: number; found: number }>();
    for (const s of set) {
      const query = prepareQuery(s.query)!;
      const answers = index.search(query);
      const own = answers.find((a) => a.item === s.person);
      const above =
        own === undefined
          ? Infinity
          : answers.filter((a) => a.match.score > own.match.score && !holds(people[a.item]!.name, s.meant)).length;
      const hit = above < 5;
      const tally = byKind.get(s.kind) ?? { n: 0, found: 0 };
      byKind.set(s.kind, { n: tally.n + 1, found: tally.found + (hit ? 1 : 0) });
      if (hit) found++;
      else missed.push(`${s.kind}: "${s.query.trim()}" → ${people[s.person]!.name}`);
      const first = answers[0];
      if (first === undefined) continue;
      answered++;
      // Precise: the first answer holds every word meant, or every word as typed (a slip that is another real
      // word), or the query reads it exactly as it reads the person (a tie: the most recent burial decides).
      const name = people[first.item]!.name;
      const typed = s.typed !== undefined && holds(name, s.typed);
      if (holds(name, s.meant) || typed || first.match.score === own?.match.score) precise++;
      else imprecise.push(`${s.kind}: "${s.query.trim()}" → ${name}`);
    }
    console.log(
      `  ${label}: recall@5 ${(found / set.length).toFixed(3)} (${found}/${set.length}), first-answer precision ` +
        `${(precise / answered).toFixed(3)} (${precise}/${answered} answered)`,
    );
    console.log(`    by kind: ${[...byKind].map(([k, t]) => `${k} ${t.found}/${t.n}`).join(', ')}`);
    for (const m of missed.slice(0, Number(process.env.SHOW ?? 10))) console.log(`    missed ${m}`);
    for (const m of imprecise.slice(0, Number(process.env.SHOW ?? 10)))
      console.log(`    first answer without a typed word: ${m}`);
  };
  console.log('recall, 30,000 names:');
  measure('Arabic', arabic);
  measure('Latin', latin);
}

if (process.argv[2] === 'recall') {
  recallBench();
  process.exit(0);
}

const server = serverBench();
const line = (f: Figures) => `p50 ${f.p50.toFixed(2)} ms, p99 ${f.p99.toFixed(2)} ms, max ${f.max.toFixed(2)} ms`;
console.log(
  `server, 30,000 names, ${server.queries} mixed queries (${server.meanMatches.toFixed(0)} matches on average; target p99 < 10 ms)\n` +
    `  scan of every name: ${line(server.scan)} (processor time: ${line(server.cpu.scan)})\n` +
    `  NameIndex, best 50: ${line(server.index)} (processor time: ${line(server.cpu.index)})\n` +
    `  typed letter by letter, ${server.keystrokes} keystrokes, each a search (processor time): ${line(server.typing)}`,
);
const browser = browserBench();
console.log(
  `browser, 1,500 graves, ${browser.keystrokes} keystrokes: median ${browser.median.toFixed(2)} ms, ` +
    `p99 ${browser.p99.toFixed(2)} ms (target median < 16 ms)`,
);
recallBench();
