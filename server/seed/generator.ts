// The deterministic demo village: the same seed always gives the same graves, burials and texts,
// so screenshots, tests and benchmarks see the same register. It scales for benchmarks (--graves, --burials).
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { daysBetween, DEFAULT_TIME_ZONE, todayIn } from '../../src/domain/rules/graveStatus';
import { normalizeArabic } from '../../src/domain/search/normalize';
import { sharedText } from '../../src/domain/messages/shared';
import type { Database } from '../db/schema';
import { findAccountByEmail, insertAccount } from '../data/accounts';
import { foldSectionTallies } from '../data/sectionTallies';
import { ensureDemoIdentity } from './identity';
import { seedDemoNotices } from './notices';
import { ARTICLES, FAMILY, FEMALE_FIRST, MALE_FIRST, SUGGESTIONS } from './names';

export const DEMO_ACCOUNTS = {
  manager: {
    name: 'مدير اللجنة (تجريبي)',
    email: 'manager@example.com',
    password: 'demo-manager-2026',
    role: 'manager',
  },
  admin: { name: 'مشرف المقابر (تجريبي)', email: 'admin@example.com', password: 'demo-admin-2026', role: 'admin' },
} as const;

/** Bound parameters per insert, under SQLite's limit of 32,766 (PostgreSQL's is 65,535). */
const MAX_PARAMETERS = 30_000;

export interface SeedOptions {
  /** Men + women graves (the two bone sections come on top). Default 270: 150 men, 120 women. */
  graves?: number;
  burials?: number;
  articles?: number;
  suggestions?: number;
  /** "Today" for the generated dates (YYYY-MM-DD). */
  today?: string;
  seed?: number;
  accounts?: boolean;
  /** The demo's death notices (default true). */
  notices?: boolean;
}

export interface SeedSummary {
  graves: number;
  burials: number;
  articles: number;
  suggestions: number;
}

/** mulberry32: a tiny seeded generator, so the village is the same on every machine. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** "first father family" written as "first بن father grandfather family". */
function withLineage(name: string, link: 'بن' | 'بنت', grandfather: string): string {
  const [first, father, ...family] = splitFirstTwo(name);
  return [first, link, father, grandfather, ...family].join(' ');
}

/**
 * The normalised spelling of a name of the lists, kept: the seed asks it for every burial, of a few dozen names
 * (a city's 300,000 burials spent seconds normalising the same words again).
 */
const normalizedNames = new Map<string, string>();
function normalizedName(name: string): string {
  let normal = normalizedNames.get(name);
  if (normal === undefined) {
    normal = normalizeArabic(name);
    normalizedNames.set(name, normal);
  }
  return normal;
}

/** `name`, or the next name of `list` that is not one of `avoid` in any spelling (أحمد is احمد). */
function other(list: readonly string[], name: string, avoid: string[]): string {
  const taken = avoid.map(normalizedName);
  const start = list.indexOf(name);
  for (let k = 0; k < list.length; k++) {
    const candidate = list[(start + k) % list.length]!;
    if (!taken.includes(normalizedName(candidate))) return candidate;
  }
  return name;
}

/** The first name and the father's name of a generated name; compound names (عبد الله, أم كلثوم) stay whole. */
function splitFirstTwo(name: string): string[] {
  const words = name.split(' ');
  const parts: string[] = [];
  while (words.length > 0 && parts.length < 2) {
    const word = words.shift()!;
    parts.push(/^(عبد|أبو|ابو|أم|ام)$/.test(word) && words.length > 0 ? `${word} ${words.shift()}` : word);
  }
  return [...parts, words.join(' ')].filter((part) => part !== '');
}

export async function isEmpty(db: Kysely<Database>): Promise<boolean> {
  const row = await db.selectFrom('graves').select('id').limit(1).executeTakeFirst();
  return !row;
}

export async function seedDemoVillage(db: Kysely<Database>, options: SeedOptions = {}): Promise<SeedSummary> {
  const rnd = random(options.seed ?? 2024);
  const lineage = random((options.seed ?? 2024) + 1);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)]!;
  // A grandfather's name other than the father's and the family's (خالد بن خالد خالد).
  const grandfather = (short: string) => {
    const [, father = '', family = ''] = splitFirstTwo(short);
    return other(MALE_FIRST, MALE_FIRST[Math.floor(lineage() * MALE_FIRST.length)]!, [father, family.split(' ')[0]!]);
  };
  const today = options.today ?? todayIn(DEFAULT_TIME_ZONE);
  const totalGraves = options.graves ?? 270;
  const menCount = Math.round((totalGraves * 150) / 270);
  const womenCount = totalGraves - menCount;
  const burialCount = options.burials ?? 600;
  const createdAt = `${today}T08:00:00.000Z`;

  type G = {
    id: string;
    gender: 'men' | 'women' | 'bones';
    number: string;
    number_value: number | null;
    full: number;
    created_at: string;
    last_burial_date: string | null;
    burial_count: number;
  };
  const graves: G[] = [];
  const add = (gender: G['gender'], number: string, full = 0) =>
    graves.push({
      id: randomUUID(),
      gender,
      number,
      number_value: /^\d+$/.test(number) ? Number(number) : null,
      full,
      created_at: createdAt,
      last_burial_date: null,
      burial_count: 0,
    });
  for (let i = 1; i <= menCount; i++) add('men', String(i), rnd() < 0.06 ? 1 : 0);
  for (let i = 1; i <= womenCount; i++) add('women', String(i), rnd() < 0.06 ? 1 : 0);
  add('bones', sharedText['bones.firstStage']);
  add('bones', sharedText['bones.secondStage']);

  const ordinary = graves.filter((g) => g.gender !== 'bones');
  const bones = graves.filter((g) => g.gender === 'bones');
  const firstDay = '1995-01-01';
  const span = daysBetween(firstDay, today);
  type B = { id: string; grave_id: string; name: string; name_search: string; burial_date: string; created_at: string };
  const burials: B[] = [];
  for (let i = 0; i < burialCount; i++) {
    // A few burials in the last two weeks, so the home page's recent burials and resting graves look alive.
    const recent = i < Math.max(6, Math.round(burialCount * 0.01));
    const date = recent ? addDays(today, -Math.floor(rnd() * 14)) : addDays(firstDay, Math.floor(rnd() * (span - 14)));
    const grave = rnd() < 0.03 ? pick(bones) : pick(ordinary);
    const women = grave.gender === 'women' || (grave.gender === 'bones' && rnd() < 0.5);
    // A father named as his child, or a family name that repeats the father's (خديجة أحمد أحمد), reads as a
    // slip of the generator: the next name of the list is taken instead (no extra draw, so the rest stays as it was).
    const first = pick(women ? FEMALE_FIRST : MALE_FIRST);
    const father = other(MALE_FIRST, pick(MALE_FIRST), [first]);
    const short = `${first} ${father} ${other(FAMILY, pick(FAMILY), [father])}`;
    // About a third of the register is written in the ledger's full lineage form (first name, بن or بنت, father,
    // grandfather, family), as old registers are, so a search by first and family name can be tried on the demo.
    // A second generator decides it, so the graves, dates and the other names stay those of earlier demos.
    const name = lineage() < 0.35 ? withLineage(short, women ? 'بنت' : 'بن', grandfather(short)) : short;
    // The grave's facts (server/data/graveFacts.ts: its newest burial day and how many lie in it) go in with the
    // grave: setting them afterwards was an update of every grave, a fifth of the seed's time on PostgreSQL.
    if (grave.last_burial_date === null || date > grave.last_burial_date) grave.last_burial_date = date;
    grave.burial_count += 1;
    burials.push({
      id: randomUUID(),
      grave_id: grave.id,
      name,
      name_search: normalizeArabic(name),
      burial_date: date,
      created_at: `${date}T10:00:00.000Z`,
    });
  }

  const articleCount = options.articles ?? ARTICLES.length;
  const articles = Array.from({ length: articleCount }, (_, i) => {
    const base = ARTICLES[i % ARTICLES.length]!;
    const at = new Date(Date.parse(`${today}T09:00:00Z`) - (i + 1) * 7 * 86_400_000).toISOString();
    return {
      id: randomUUID(),
      title: i < ARTICLES.length ? base.title : `${base.title} (${i + 1})`,
      content: base.content,
      created_at: at,
      updated_at: at,
    };
  });

  // One of each written suggestion by default; a larger count (benchmarks) numbers the further copies, so that no
  // two texts are ever the same. Their own generator sends them one or two days apart, in the daytime (07:00–21:00
  // in Cairo), so the graves, burials and phone numbers stay those of earlier demos.
  const suggestionCount = options.suggestions ?? SUGGESTIONS.length;
  const statuses = ['pending', 'approved', 'rejected'] as const;
  const spacing = random((options.seed ?? 2024) + 2);
  let daysBack = 0;
  const suggestions = Array.from({ length: suggestionCount }, (_, i) => {
    const base = SUGGESTIONS[i % SUGGESTIONS.length]!;
    const round = Math.floor(i / SUGGESTIONS.length);
    daysBack += 1 + Math.floor(spacing() * 2);
    const sentAt = Date.parse(`${addDays(today, -daysBack)}T05:00:00Z`) + Math.floor(spacing() * 14 * 3_600_000);
    return {
      id: randomUUID(),
      text: round === 0 ? base.text : `${base.text} (${round + 1})`,
      name: base.name,
      phone: `+2010${String(10_000_000 + Math.floor(rnd() * 89_999_999))}`,
      submitted_by: base.name,
      status: statuses[i % 3]!,
      created_at: new Date(sentAt).toISOString(),
    };
  });

  await db.transaction().execute(async (trx) => {
    const chunk = async <T extends object>(rows: T[], insert: (part: T[]) => Promise<unknown>) => {
      // As many rows per statement as the bound parameters allow: at 500 rows, a city's 300,000 burials were 600
      // statements to compile and send, which took a third of the seed on SQLite and more on PostgreSQL.
      const size = Math.max(1, Math.floor(MAX_PARAMETERS / Math.max(1, Object.keys(rows[0] ?? {}).length)));
      for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
    };
    await chunk(graves, (part) => trx.insertInto('graves').values(part).execute());
    await chunk(burials, (part) => trx.insertInto('burials').values(part).execute());
    await chunk(articles, (part) => trx.insertInto('articles').values(part).execute());
    await chunk(suggestions, (part) => trx.insertInto('suggestions').values(part).execute());
    // The database added a row of the sections' figures for each grave: one per section instead.
    await foldSectionTallies(trx);
    if (options.notices !== false) {
      const genderOf = new Map(graves.map((g) => [g.id, g.gender]));
      await seedDemoNotices(trx, {
        today,
        timeZone: DEFAULT_TIME_ZONE,
        burials,
        genderOf: (id) => genderOf.get(id) ?? 'bones',
      });
    }
  });

  await ensureDemoIdentity(db);
  if (options.accounts !== false) await ensureDemoAccounts(db);
  return { graves: graves.length, burials: burials.length, articles: articles.length, suggestions: suggestions.length };
}

export async function ensureDemoAccounts(db: Kysely<Database>): Promise<void> {
  for (const account of Object.values(DEMO_ACCOUNTS)) {
    if (!(await findAccountByEmail(db, account.email))) await insertAccount(db, account);
  }
}
