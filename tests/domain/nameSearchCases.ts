// The name matcher's table: stored name, query, expected class. Run on the matcher by nameSearch.test.ts; meant to
// be run through /api/search on both engines too, so every case is a plain record.
// Names are fictional but spelled as Egyptian registers and families spell them.
import type { MatchClass } from '../../src/domain/search/names';

export interface NameSearchCase {
  /** The rule the case exercises (also the test's group). */
  rule: string;
  /** The stored name of one buried person. */
  name: string;
  /** What the visitor types. */
  query: string;
  /** How the person is found, or null: not found. */
  expected: MatchClass | null;
  /** The grave's number, given for the cases whose query holds a number (any number without those digits else). */
  grave?: number | string;
  /**
   * The query as it stands while still being typed (its last word unfinished). The other cases are
   * whole words: they are searched with the space a finished word ends with (typedQuery).
   */
  typing?: true;
}

const c = (rule: string, name: string, query: string, expected: MatchClass | null, grave?: number | string) =>
  grave === undefined ? { rule, name, query, expected } : { rule, name, query, expected, grave };
/** A case whose last word is still being typed. */
const t = (rule: string, name: string, query: string, expected: MatchClass | null): NameSearchCase => ({
  rule,
  name,
  query,
  expected,
  typing: true,
});

/** What the search is asked for a case: a finished query ends with a space (the last word is whole). */
export const typedQuery = (testCase: NameSearchCase): string =>
  testCase.typing ? testCase.query : `${testCase.query} `;

export const NAME_SEARCH_CASES: readonly NameSearchCase[] = [
  // --- whole words, any order, words skipped -------------------------------------------------------------------
  c('words', 'سعاد محمود عبده الفقي', 'سعاد الفقي', 'exact'),
  c('words', 'سعاد محمود عبده الفقي', 'الفقي سعاد', 'exact'),
  c('words', 'سعاد محمود عبده الفقي', 'سعاد عبده', 'exact'),
  c('words', 'سعاد محمود عبده الفقي', 'محمود', 'exact'),
  c('words', 'سعاد محمود عبده الفقي', 'سعاد محمود عبده الفقي', 'exact'),
  c('words', 'حسن إبراهيم الشافعي', 'إبراهيم حسن', 'exact'),
  c('words', 'زينب عبد الرحمن البنا', 'زينب البنا', 'exact'),
  c('words', 'رمضان عوض سالم زيدان', 'رمضان زيدان', 'exact'),
  c('words', 'نفيسة منصور الخطيب', '  نفيسة   الخطيب  ', 'exact'),
  c('words', 'خالد يوسف غنيم', 'خالد، غنيم', 'exact'),
  c('words', 'مصطفى محمد محمد حجازي', 'محمد محمد', 'exact'),
  c('words', 'مصطفى محمد حجازي', 'محمد محمد', null),
  c('words', 'سعاد محمود عبده الفقي', 'سعاد النجار', null),
  c('words', 'سعاد محمود عبده الفقي', 'سعاد محمود عبده الفقي حسن', null),
  c('words', 'عادل فتحي سرور', 'سرور', 'exact'),
  c('words', 'Mohamed Hassan', 'hassan mohamed', 'exact'),

  // --- folding: hamza forms, ى/ي, ة/ه, marks, tatweel ------------------------------------------------------------
  c('folded', 'أحمد سالم عطية', 'احمد عطيه', 'folded'),
  c('folded', 'إبراهيم عثمان', 'ابراهيم', 'folded'),
  c('folded', 'آمنة علي القاضي', 'امنه القاضي', 'folded'),
  c('folded', 'مصطفى حسن', 'مصطفي', 'folded'),
  c('folded', 'يحيي زكريا بدوي', 'يحيى بدوي', 'folded'),
  c('folded', 'فاطمه محمد الديب', 'فاطمة الديب', 'folded'),
  c('folded', 'هانئ سعيد', 'هاني', 'folded'),
  c('folded', 'مُحَمَّد عَلِي', 'محمد علي', 'exact'),
  c('folded', 'محمد علي', 'مُحَمَّد', 'exact'),
  c('folded', 'محـــمد علي', 'محمد', 'exact'),
  c('folded', 'عبد الرؤوف سالم', 'عبد الرءوف', 'folded'),
  c('folded', 'مؤمن جمال', 'مومن', 'folded'),
  c('folded', 'وفاء حمدي', 'وفا', 'folded'),
  c('folded', 'أم كلثوم إبراهيم', 'ام كلثوم', 'folded'),
  c('folded', 'عائشة مرسي', 'عايشة', 'folded'),

  // --- compounds join and split ------------------------------------------------------------------------------------
  c('compounds', 'عبد العزيز محمد سليمان', 'عبدالعزيز سليمان', 'folded'),
  c('compounds', 'عبد العزيز محمد سليمان', 'عبد العزيز سليمان', 'exact'),
  c('compounds', 'عبدالعزيز محمد سليمان', 'عبد العزيز', 'folded'),
  c('compounds', 'محمد أبو العلا', 'ابوالعلا', 'folded'),
  c('compounds', 'محمد أبو العلا', 'أبو العلا محمد', 'exact'),
  c('compounds', 'محمد أبو العلا', 'ابو علا', 'folded'),
  c('compounds', 'سعيد حسن أبو زيد', 'سعيد ابوزيد', 'folded'),
  c('compounds', 'أم كلثوم عيسى', 'امكلثوم', 'folded'),
  c('compounds', 'عبد الله عمر', 'عبدالله', 'folded'),
  c('compounds', 'نور الدين مصطفى', 'نورالدين', 'folded'),
  c('compounds', 'صلاح الدين فاروق', 'صلاح فاروق', 'folded'),
  c('compounds', 'جاد الله منصور', 'جادالله منصور', 'folded'),
  c('compounds', 'عبد العزيز محمد سليمان', 'العزيز', null),
  c('compounds', 'أبو زيد الهلالي', 'زيد', null),

  // --- the article typed or dropped --------------------------------------------------------------------------------
  c('article', 'سعاد محمود الفقي', 'سعاد فقي', 'folded'),
  c('article', 'حسن علي النجار', 'نجار', 'folded'),
  c('article', 'منى عوض الشافعي', 'منى شافعي', 'folded'),
  c('article', 'خديجة السيد', 'خديجه سيد', 'folded'),
  c('article', 'يوسف الحداد', 'يوسف الحداد', 'exact'),
  // Both ways, and آل before a family name.
  c('article', 'يوسف حداد', 'الحداد', 'folded'),
  c('article', 'يوسف حداد', 'يوسف الحداد', 'folded'),
  c('article', 'سمية عادل القماش', 'آل القماش', 'exact'),
  c('article', 'سمية عادل قماش', 'آل القماش', 'folded'),
  c('article', 'سمية عادل القماش', 'آل قماش سمية', 'folded'),
  c('article', 'يوسف حداد', 'آل الصباغ', null),
  c('article', 'ألفت عمر', 'فت', null),

  // --- lineage words optional on both sides ------------------------------------------------------------------------
  c('lineage', 'حسن بن علي النجار', 'حسن علي', 'exact'),
  c('lineage', 'حسن علي النجار', 'حسن بن علي', 'exact'),
  c('lineage', 'حسن بن علي النجار', 'حسن بن علي النجار', 'exact'),
  c('lineage', 'زينب بنت محمود العطار', 'زينب محمود', 'exact'),
  c('lineage', 'زينب محمود العطار', 'زينب بنت محمود', 'exact'),
  c('lineage', 'عمر ابن الخطيب', 'عمر الخطيب', 'exact'),
  c('lineage', 'مريم يوسف', 'مريم ابنة يوسف', 'exact'),
  c('lineage', 'سالم ولد منصور', 'سالم منصور', 'exact'),
  c('lineage', 'حسن بن علي', 'بن', null),
  c('lineage', 'Youssef bin Ali', 'youssef ali', 'exact'),

  // --- honorifics and mourning words -------------------------------------------------------------------------------
  c('honorifics', 'سعاد محمود الفقي', 'المرحومة سعاد الفقي', 'exact'),
  c('honorifics', 'محمد عبد الله الجمال', 'المرحوم محمد الجمال', 'exact'),
  c('honorifics', 'محمد عبد الله الجمال', 'الحاج محمد الجمال', 'exact'),
  c('honorifics', 'الحاج محمد عبد الله الجمال', 'الحاج محمد', 'exact'),
  c('honorifics', 'الحاج محمد عبد الله الجمال', 'محمد الجمال', 'exact'),
  c('honorifics', 'فاطمة علي', 'الحاجة فاطمة', 'exact'),
  c('honorifics', 'فاطمة علي', 'الحاجه فاطمه', 'folded'),
  c('honorifics', 'محمود السيد', 'السيد محمود', 'exact'),
  c('honorifics', 'محمود حسن', 'السيد محمود', 'exact'),
  c('honorifics', 'عمر الشيخ', 'الشيخ', 'exact'),
  c('honorifics', 'عمر الشيخ', 'شيخ', 'folded'),
  c('honorifics', 'عمر حسن', 'الشيخ', null),
  c('honorifics', 'ربيع عبد المنعم', 'الأستاذ ربيع', 'exact'),
  c('honorifics', 'سامي يوسف', 'الدكتور سامي يوسف', 'exact'),
  c('honorifics', 'سامي يوسف', 'د. سامي', 'exact'),
  c('honorifics', 'حمدي كمال', 'المهندس حمدي', 'exact'),
  c('honorifics', 'حمدي كمال', 'الفقيد حمدي كمال', 'exact'),
  c('honorifics', 'سيد عوض', 'سيد', 'exact'),
  c('honorifics', 'حمدي كمال', 'المرحوم', null),
  c('honorifics', 'محمد أبو زيد', 'المرحوم ابو زيد', 'folded'),

  // --- Egyptian spoken-letter swaps --------------------------------------------------------------------------------
  c('spoken', 'هاشم ذكي', 'زكي', 'spoken'),
  c('spoken', 'زكي هاشم', 'ذكي', 'spoken'),
  c('spoken', 'ذكي هاشم', 'دكي', 'spoken'),
  c('spoken', 'عثمان الحداد', 'عسمان', 'spoken'),
  c('spoken', 'ثروت علي', 'تروت', 'spoken'),
  c('spoken', 'ثناء عبد الله', 'سناء', 'spoken'),
  c('spoken', 'حافظ محمود', 'حافض', 'spoken'),
  c('spoken', 'حافظ محمود', 'حافز', 'spoken'),
  c('spoken', 'صبري الصاوي', 'سبري', 'spoken'),
  c('spoken', 'ناصر سعيد', 'ناسر', 'spoken'),
  c('spoken', 'طارق عوض', 'تارق', 'spoken'),
  c('spoken', 'فاطمة حسن', 'فاتمة', 'spoken'),
  c('spoken', 'شوقي النجار', 'شوئي', 'spoken'),
  c('spoken', 'قاسم علي', 'أاسم', 'spoken'),
  c('spoken', 'رزق عبده', 'رزء', 'spoken'),
  c('spoken', 'عبد الظاهر سليمان', 'عبدالزاهر', 'spoken'),
  c('spoken', 'هدى الذهبي', 'هدى زهبي', 'spoken'),
  c('spoken', 'سعاد محمود الفقي', 'المرحومه سعاد الفئي', 'spoken'),
  c('spoken', 'ضياء الدين', 'ظياء الدين', 'spoken'),
  c('spoken', 'طه محمد', 'ته', 'spoken'),
  c('spoken', 'سامر حسن', 'تامر', null),
  c('spoken', 'زين العابدين', 'دين', null),
  c('spoken', 'صبري', 'ثبري', 'typo'), // ص~ث is no swap: only a slip
  c('spoken', 'ذكي هاشم', 'ضكي', null), // ذ~ض is no swap, and a three-letter word allows no slip

  // --- one typo in a word of four letters or more ----------------------------------------------------------------
  c('typo', 'محمد علي سالم', 'مححمد سالم', 'typo'),
  c('typo', 'محمد علي سالم', 'محمدد', 'typo'),
  c('typo', 'محمد علي سالم', 'مهمد', 'typo'),
  c('typo', 'محمد علي سالم', 'مجمد', 'typo'),
  c('typo', 'إبراهيم الدسوقي', 'ابرهيم', 'typo'),
  c('typo', 'إبراهيم الدسوقي', 'ابراهبم', 'typo'),
  c('typo', 'خديجة عبد الحميد', 'خدجية', 'typo'),
  c('typo', 'سعاد محمود الفقي', 'سعاد محمود الففي', 'typo'),
  c('typo', 'عبد الرحمن محمد', 'عبدالرحمان', 'typo'),
  c('typo', 'منصور رمضان', 'منصوور', 'typo'),
  c('typo', 'زينب النجار', 'زينب نجارر', 'typo'),
  c('typo', 'مصطفى كمال', 'مصظفى', 'typo'),
  c('typo', 'مخمد علي', 'محمد', 'typo'),
  c('typo', 'شحاتة عطية', 'شحتة', 'typo'),
  c('typo', 'علي حسن', 'علب', null),
  c('typo', 'حسن سالم', 'حسم', null),
  c('typo', 'زينب سالم', 'زنب', null),
  c('typo', 'محمد علي', 'محم', null),

  // --- close names and slips that must not match -----------------------------------------------------------------
  c('negative', 'محمود علي', 'محمد', null),
  c('negative', 'محمد علي', 'محمود', null),
  c('negative', 'حسين سالم', 'حسن', null),
  c('negative', 'حسن سالم', 'حسين', null),
  c('negative', 'عمرو سعيد', 'عمر', null),
  c('negative', 'عمر سعيد', 'عمرو', null),
  c('negative', 'سميرة عوض', 'سمير', null),
  c('negative', 'كريم منصور', 'كريمة', null),
  c('negative', 'حامد يوسف', 'أحمد', null),
  c('negative', 'سعيد موسى', 'سعد', null),
  c('negative', 'فوزية علي', 'فوزي', null),
  c('negative', 'علي حسن', 'عل', null),
  c('negative', 'علي حسن', 'عى', null),
  c('negative', 'عمر حسن', 'عمل', null),
  c('negative', 'طه حسن', 'طة حسم', null),
  c('negative', 'محمد علي', 'مهمدد', null),
  c('negative', 'إبراهيم علي', 'ابرهبم', null),
  c('negative', 'عبد الرحمن علي', 'عبدالرحيم', null),
  c('negative', 'زكريا عوض', 'ذكريه', null),
  c('negative', 'منصور رمضان', 'منسوور', null),
  c('negative', 'سعاد محمود الفقي', 'سعاد الفقيه', 'typo'),
  c('negative', 'سعاد محمود الفقي', 'سعد الفقي', null),
  c('negative', 'نفيسة الخطيب', 'نفيسة الحطاب', null),
  c('negative', 'هدى عوض', 'هند', null),
  c('negative', 'مريم يوسف', 'مروة', null),
  c('negative', 'حسن الزيات', 'زياد', null),
  c('negative', 'حسن العطار', 'عمار', null),
  c('negative', 'حسن القاضي', 'راضي', null),
  c('negative', 'حسن الزيات', 'زيات', 'folded'),
  c('negative', 'حسن زيات', 'زياد', 'typo'),

  // --- Latin letters ------------------------------------------------------------------------------------------------
  c('latin', 'محمد حسن الفقي', 'Mohamed Hassan', 'latin'),
  c('latin', 'محمد حسن الفقي', 'Muhammad Hasan', 'latin'),
  c('latin', 'محمد حسن الفقي', 'mohammed el-fiky', 'latin'),
  c('latin', 'محمد حسن الفقي', 'Mohamed Elfeky', 'latin'),
  c('latin', 'فاطمة عوض النجار', 'Fatma Naggar', 'latin'),
  c('latin', 'فاطمة عوض النجار', 'Fatima El Naggar', 'latin'),
  c('latin', 'عبد الرحمن محمد', 'Abdel Rahman', 'latin'),
  c('latin', 'عبد الرحمن محمد', 'Abdulrahman', 'latin'),
  c('latin', 'عبد الرحمن محمد', 'Abd El-Rahman Mohamed', 'latin'),
  c('latin', 'عبد الرحمن محمد', 'Abdurrahman', 'latin'),
  c('latin', 'عبد الله حسين', 'Abdullah Hussein', 'latin'),
  c('latin', 'مصطفى الشافعي', 'Moustafa El Shafei', 'latin'),
  c('latin', 'يوسف الحداد', 'Youssef Haddad', 'latin'),
  c('latin', 'يوسف الحداد', 'Yusuf El-Haddad', 'latin'),
  c('latin', 'خالد عبد العزيز', 'Khaled Abdelaziz', 'latin'),
  c('latin', 'شريف سالم', 'Cherif Salem', 'latin'),
  c('latin', 'عائشة غنيم', 'Aisha Ghoneim', 'latin'),
  c('latin', 'زينب عثمان', 'Zeinab Osman', 'latin'),
  c('latin', 'زينب عثمان', 'Zainab Othman', 'latin'),
  c('latin', 'هاني محمود الجمال', 'Hany Mahmoud', 'latin'),
  c('latin', 'أحمد السيد', 'Ahmed El-Sayed', 'latin'),
  c('latin', 'أحمد السيد', 'Ahmad Elsayed', 'latin'),
  c('latin', 'سعيد أبو زيد', 'Said Abou Zeid', 'latin'),
  c('latin', 'أم كلثوم رمضان', 'Om Kalthoum', 'latin'),
  c('latin', 'طه حجازي', 'Taha Hegazy', 'latin'),
  c('latin', 'محمد السيد', 'محمد Elsayed', 'latin'),
  c('latin', 'محمد الفقي', 'مححمد Elfiky', 'typo'),
  c('latin', 'محمد علي', 'El-Hag Mohamed Ali', 'latin'),
  c('latin', 'سامي يوسف', 'Dr. Sami Youssef', 'latin'),
  c('latin', 'عمر الشيخ', 'El Sheikh', 'latin'),
  c('latin', 'عمر الشيخ', 'Omar El-Sheikh', 'latin'),
  c('latin', 'شوقي سالم', 'Sheikh', null),
  c('latin', 'ياسر غنيم', 'Yasser Ghoneim', 'latin'),
  c('latin', 'نور الدين سالم', 'Nour El Din', 'latin'),
  c('latin', 'عبد الله سالم', 'Abd Allah', 'latin'),
  c('latin', 'محمود علي', 'Mohamed', null),
  c('latin', 'محمد علي', 'Mahmoud', null),
  c('latin', 'حسين علي', 'Hassan', null),
  c('latin', 'حسن علي', 'Hussein', null),
  c('latin', 'محمد حسن الفقي', 'Mohamed Naggar', null),
  c('latin', 'علا حسن', 'Ali', null),

  // --- numbers ------------------------------------------------------------------------------------------------------
  c('numbers', 'محمد علي', '45', 'number', 45),
  c('numbers', 'محمد علي', '٤٥', 'number', 45),
  c('numbers', 'محمد علي', 'مقبرة رقم ٤٥', 'number', 45),
  c('numbers', 'محمد علي', 'قبر 45', 'number', 45),
  c('numbers', 'محمد علي', 'رقم ۴۵', 'number', 45),
  c('numbers', 'محمد علي', '45', 'number', 145),
  c('numbers', 'محمد علي', '045', 'number', 45),
  c('numbers', 'محمد علي', '45', null, 54),
  c('numbers', 'محمد علي', 'مقبرة رقم ٤٥', null, 46),
  c('numbers', 'محمد علي', 'محمد 45', 'exact', 45),
  c('numbers', 'محمد علي', 'محمد 45', null, 46),
  c('numbers', 'محمد علي', 'حسن 45', null, 45),
  c('numbers', 'محمد علي', 'مقبرة محمد', null, 45),
  c('numbers', 'حسن سالم', '12', 'number', 'ب12'),

  // --- the last word while it is being typed ------------------------------------------------------------
  t('typing', 'سعاد محمود الفقي', 'سعاد الفق', 'prefix'),
  t('typing', 'محمد علي', 'مح', 'prefix'),
  t('typing', 'محمد علي', 'محمد', 'exact'),
  t('typing', 'محمدين علي', 'محمد', 'prefix'),
  c('typing', 'محمدين علي', 'محمد', null),
  t('typing', 'عبد الرحمن سالم', 'عبد الر', 'prefix'),
  t('typing', 'عبد الرحمن سالم', 'عبد', 'prefix'),
  t('typing', 'أحمد سالم', 'احم', 'prefix'),
  t('typing', 'إيمان سالم', 'ايما', 'prefix'),
  t('typing', 'فاطمة علي', 'فاطمه', 'folded'),
  t('typing', 'فاطمة علي', 'علي فاط', 'prefix'),
  t('typing', 'يوسف النجار', 'يوسف نج', 'prefix'),
  t('typing', 'يوسف نجار', 'يوسف النج', 'prefix'),
  t('typing', 'مصطفى حسن', 'مصطف', 'prefix'),
  t('typing', 'حسن مصطفى', 'مصطفي', 'folded'),
  t('typing', 'حسن مصطفى', 'مصطفى', 'exact'),
  t('typing', 'فاطمة علي', 'فاطمة', 'exact'),
  t('typing', 'محمد علي', 'Moham', 'prefix'),
  t('typing', 'Mohamed Hassan', 'mohamed has', 'prefix'),
  t('typing', 'علي حسن', 'ع', null),
  t('typing', 'علي حسن', 'حسن ع', 'exact'),
  t('typing', 'علي حسن', 'سعيد عل', null),
  // A word left unfinished before a word that matches whole is a beginning too, ranked below whole words.
  t('typing', 'علي حسن', 'حس علي', 'prefix'),
  c('typing', 'علي حسن', 'حس سالم', null),
  t('typing', 'المرحومة منى عوض', 'منى المرح', 'prefix'),
  t('typing', 'منى عوض', 'منى المرح', null),

  // --- Latin spellings reach every written form of a name --------------------------------------------
  c('latin forms', 'عبد الرءوف سالم', 'Abdelraouf', 'latin'),
  c('latin forms', 'عبد الرؤوف سالم', 'Abdel Raouf', 'latin'),
  c('latin forms', 'عبدالرؤوف سالم', 'Abd El Raouf Salem', 'latin'),
  c('latin forms', 'محمد سالم', 'Mohammed', 'latin'),
  c('latin forms', 'محمد سالم', 'Mohamed', 'latin'),
  c('latin forms', 'حسن سالم', 'Hasan', 'latin'),
  c('latin forms', 'حسن سالم', 'Hassan', 'latin'),
  c('latin forms', 'حسن سالم', 'Hussein', null),

  // --- the stored name exactly as typed, and words typed without their space -------------------------
  c('same name', 'Mary Smith', 'Mary Smith', 'exact'),
  c('same name', 'محمد الثاني 2', 'محمد الثاني 2', 'exact'),
  c('same name', 'ڤيولا جرجس', 'ڤيولا جرجس', 'exact'),
  c('same name', 'محمد الثاني 2', 'محمد الثالث 2', null),
  c('joined', 'فاطمة الزهراء علي', 'فاطمةالزهراء', 'folded'),
  c('joined', 'سيد أحمد مرسي', 'سيداحمد مرسي', 'folded'),
  c('joined', 'فاطمة علي', 'فاطمةالزهراء', null),
];

/** Queries with the names they find, best first (the comparator's order; ties would be left to the caller). */
export interface OrderCase {
  query: string;
  /** Stored names (with a grave number when the query has one), in the expected order, best first. */
  ranked: ReadonlyArray<string | { name: string; grave: number }>;
}

export const ORDER_CASES: readonly OrderCase[] = [
  // class first: exact > folded > spoken > typo
  { query: 'فاطمة الفقي', ranked: ['فاطمة محمود الفقي', 'فاطمه علي الفقي', 'فاتمة الفقي', 'فاطمة الففي'] },
  { query: 'زكي', ranked: ['زكي عوض', 'ذكي عوض'] },
  { query: 'عبد العزيز', ranked: ['عبد العزيز سالم', 'عبدالعزيز سالم'] },
  // words in the stored order before words out of it
  { query: 'سعاد الفقي', ranked: ['سعاد محمود عبده الفقي', 'الفقي حسن سعاد'] },
  // more query words matched (an honorific the stored name holds) before fewer
  { query: 'الحاج محمد الجمال', ranked: ['الحاج محمد الجمال', 'محمد علي الجمال'] },
  { query: 'محمد السيد', ranked: ['محمد علي السيد', 'محمد علي حسن'] },
  // the person's own first name before a father's of the same name
  { query: 'محمد الفقي', ranked: ['محمد علي الفقي', 'علي محمد الفقي'] },
  // matched words next to each other, then fewer unmatched words
  { query: 'محمد علي', ranked: ['محمد علي', 'محمد علي حسن', 'محمد حسن علي'] },
  // a grave whose number is the query before one that only contains it
  {
    query: '45',
    ranked: [
      { name: 'حسن سالم', grave: 45 },
      { name: 'حسن سالم', grave: 145 },
    ],
  },
  {
    query: 'محمد 12',
    ranked: [
      { name: 'محمد علي', grave: 12 },
      { name: 'محمد علي', grave: 112 },
    ],
  },
  // latin above typo (a Latin word in a mixed query)
  { query: 'Mohamed الفقي', ranked: ['محمد الفقي', 'محمد الفقى'] },
];

/** The words to highlight in the stored name (as they are written there). */
export interface HighlightCase {
  name: string;
  query: string;
  words: readonly string[];
}

export const HIGHLIGHT_CASES: readonly HighlightCase[] = [
  { name: 'سعاد محمود عبده الفقي', query: 'الفقي سعاد', words: ['سعاد', 'الفقي'] },
  { name: 'عبد العزيز محمد سليمان', query: 'عبدالعزيز', words: ['عبد العزيز'] },
  { name: 'حسن بن علي النجار', query: 'حسن بن علي', words: ['حسن', 'علي'] },
  { name: 'الحاج محمد عبد الله الجمال', query: 'الحاج الجمال', words: ['الحاج', 'الجمال'] },
  { name: 'محمد حسن', query: 'المرحوم محمد', words: ['محمد'] },
  { name: 'مُحَمَّد عَلِي', query: 'علي', words: ['عَلِي'] },
  { name: 'Mohamed  El-Fiky', query: 'el fiky', words: ['El-Fiky'] },
  { name: 'أحمد السيد', query: 'Ahmed Elsayed', words: ['أحمد', 'السيد'] },
  { name: 'نور الدين مصطفى', query: 'نور', words: ['نور الدين'] },
];
