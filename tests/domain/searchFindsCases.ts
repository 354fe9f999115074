// Names families still missed, on one small register: the article on family names of every ending (nisbas in ـاوي
// and ـي), Latin spellings of real names reached by the letter rules, a word left half-typed before the family name,
// and stored words of Latin letters with digits, of other scripts, and numbers, each found by itself. The first
// answer holds every typed word: the register has a distractor sharing one word with each person sought.
// The same register and cases run through every door: the offline search over the compact index and the browser's
// section search (searchFinds.test.ts), and GET /api/search with the offline search over GET /api/search/index on
// both engines (tests/server/searchFindsApi.test.ts). Names are fictional, spelled as Egyptian registers spell them.
import type { NarrowingCase, RegisterPerson } from './searchNarrowingCases';

const person = (name: string, gender: RegisterPerson['gender'], grave: number, year: number): RegisterPerson => ({
  name,
  gender,
  grave,
  date: `${year}-05-10`,
});

/** One person a grave, so a door answering graves names its person. */
export const FINDS_REGISTER: readonly RegisterPerson[] = [
  // The article: family names kept without it, or with it, searched the other way.
  person('حسن محمود شرقاوي', 'men', 801, 2001),
  person('سعاد علي الصاوي', 'women', 802, 2002),
  person('منى حسن البدوي', 'women', 803, 2003),
  person('كريم سالم دسوقي', 'men', 804, 2004),
  person('يوسف أحمد المنياوي', 'men', 805, 2005),
  person('زينب فؤاد حلبي', 'women', 806, 2006),
  person('عادل صاوي', 'men', 809, 2009),
  person('حسن محمود النجار', 'men', 810, 2010),
  // Stored words a typed family name could be cut into: "آل" (the article alone once folded) and "الشرق".
  person('سليمة آل عطية', 'women', 807, 2007),
  person('رجب الشرق', 'men', 808, 2008),
  // A word left half-typed before the family name.
  person('محمد عبد المنعم الجمال', 'men', 811, 2011),
  person('محمد عبد الله الجمال', 'men', 812, 2012),
  person('محمد عبد المنعم حسن', 'men', 813, 2013),
  person('أحمد مصطفى العطار', 'men', 814, 2014),
  person('حسني علي سالم', 'men', 815, 2015),
  person('حسن علي سالم', 'men', 816, 2016),
  // Words of Latin letters and digits, of other scripts, and a number, stored as written.
  person('سامي QA7', 'men', 830, 2017),
  person('سامي QA8', 'men', 831, 2018),
  person('Xk3q حسن', 'men', 819, 2019),
  person('Иван Петров', 'men', 820, 2020),
  person('Σοφία نصر', 'women', 821, 2021),
  person('عادل الثاني 4419', 'men', 822, 2002),
  // Latin spellings of real names.
  person('نعمة محمد الشربيني', 'women', 823, 2003),
  person('عبد الفتاح علي الدسوقي', 'men', 824, 2004),
  person('نعمة حسن السيد', 'women', 825, 2005),
  person('فاطمة الشربيني', 'women', 826, 2006),
  person('عبد الفتاح سالم', 'men', 827, 2007),
  person('محمود الدسوقي', 'men', 828, 2008),
];

const NEMAT = 'نعمة محمد الشربيني';
const ABDEL_FATTAH = 'عبد الفتاح علي الدسوقي';

/** Every first name spelling with every family name spelling, each a query whose first answer is the person. */
const spellings = (rule: string, target: string, firsts: string[], families: string[]): NarrowingCase[] =>
  firsts.flatMap((first) =>
    families.map((family) => ({ rule, query: `${first} ${family} `, first: [target] }) satisfies NarrowingCase),
  );

export const FINDS_CASES: readonly NarrowingCase[] = [
  // --- the article, typed or not, whatever the word's ending ------------------------------------------------------
  { rule: 'article', query: 'الشرقاوي ', first: ['حسن محمود شرقاوي'], absent: ['رجب الشرق', 'سليمة آل عطية'] },
  { rule: 'article', query: 'حسن الشرقاوي ', first: ['حسن محمود شرقاوي'], absent: ['حسن محمود النجار'] },
  { rule: 'article', query: 'الشرقاوي حسن', first: ['حسن محمود شرقاوي'], absent: ['حسن محمود النجار'] },
  { rule: 'article', query: 'شرقاوي ', first: ['حسن محمود شرقاوي'] },
  { rule: 'article', query: 'الصاوي ', first: [['سعاد علي الصاوي', 'عادل صاوي']] },
  { rule: 'article', query: 'صاوي ', first: [['سعاد علي الصاوي', 'عادل صاوي']] },
  { rule: 'article', query: 'منى بدوي ', first: ['منى حسن البدوي'] },
  { rule: 'article', query: 'الدسوقي كريم', first: ['كريم سالم دسوقي'], absent: ['محمود الدسوقي'] },
  { rule: 'article', query: 'يوسف منياوي ', first: ['يوسف أحمد المنياوي'] },
  { rule: 'article', query: 'زينب الحلبي ', first: ['زينب فؤاد حلبي'] },
  { rule: 'article', query: 'الشرقا', found: ['حسن محمود شرقاوي'] },
  { rule: 'article', query: 'الشرقاوى ', first: ['حسن محمود شرقاوي'] },

  // --- a word left half-typed before a word that matches whole ------------------------------------------------------
  {
    rule: 'half-typed',
    query: 'محمد عبد الم الجمال',
    first: ['محمد عبد المنعم الجمال'],
    absent: ['محمد عبد الله الجمال', 'محمد عبد المنعم حسن'],
  },
  { rule: 'half-typed', query: 'محمد عبد الم الجمال ', first: ['محمد عبد المنعم الجمال'] },
  { rule: 'half-typed', query: 'أحمد مص العطار', first: ['أحمد مصطفى العطار'] },
  { rule: 'half-typed', query: 'عبد الم حسن ', first: ['محمد عبد المنعم حسن'] },
  {
    rule: 'half-typed: below whole words',
    query: 'حسن سالم ',
    first: ['حسن علي سالم'],
    before: [['حسن علي سالم', 'حسني علي سالم']],
  },
  {
    rule: 'half-typed: a later word must match whole',
    query: 'محمد عبد الم سالم ',
    absent: ['محمد عبد المنعم الجمال'],
  },
  { rule: 'half-typed: a later word must match whole', query: 'عبد الم الجم', absent: ['محمد عبد المنعم الجمال'] },

  // --- stored words of any script, and numbers, found by themselves ------------------------------------------------
  { rule: 'letters and digits', query: 'QA7 ', first: ['سامي QA7'], absent: ['سامي QA8'] },
  { rule: 'letters and digits', query: 'qa7', first: ['سامي QA7'], absent: ['سامي QA8'] },
  { rule: 'letters and digits', query: 'سامي QA7', first: ['سامي QA7'], absent: ['سامي QA8'] },
  { rule: 'letters and digits', query: 'سامي qa', found: ['سامي QA7', 'سامي QA8'] },
  { rule: 'letters and digits', query: 'Xk3q ', first: ['Xk3q حسن'] },
  { rule: 'letters and digits', query: 'xk3', first: ['Xk3q حسن'] },
  { rule: 'other scripts', query: 'Иван ', first: ['Иван Петров'] },
  { rule: 'other scripts', query: 'петров ', first: ['Иван Петров'] },
  { rule: 'other scripts', query: 'σοφια ', first: ['Σοφία نصر'] },
  { rule: 'a number word', query: '4419', first: ['عادل الثاني 4419'] },
  { rule: 'a number word', query: 'عادل 4419', first: ['عادل الثاني 4419'], absent: ['عادل صاوي'] },

  // --- Latin spellings, reached by the letter rules -------------------------------------------------------------------
  ...spellings(
    'latin',
    NEMAT,
    ['Nemat', "Ne'mat", 'Nimat', 'Neamat', 'Ne3mat'],
    ['El Sherbiny', 'Sherbini', 'Shirbini', 'El-Sherbiny', 'Al Shirbini', 'Elsherbiny'],
  ),
  ...spellings(
    'latin',
    ABDEL_FATTAH,
    ['Abdel Fattah', 'Abd El Fattah', 'Abdul Fattah', 'Abdel Fatah', 'Abdelfattah', 'Abd El-Fattah'],
    ['El Dessouky', 'Desouki', 'Dusuqi', 'El-Desouky', 'Al Dasouqi'],
  ),
  { rule: 'latin: chat letters', query: '3abd el fatta7 el desouky ', first: [ABDEL_FATTAH] },
  { rule: 'latin: the article', query: 'Hassan El Sharkawy ', first: ['حسن محمود شرقاوي'] },
  { rule: 'latin: the article', query: 'Mona Badawy ', first: ['منى حسن البدوي'] },
  { rule: 'latin: typing', query: 'Nemat El Sherb', first: [NEMAT] },
  { rule: 'latin: a distractor', query: 'Fatma El Sherbiny ', first: ['فاطمة الشربيني'], absent: [NEMAT] },
];
