// Arabic text of the console's plate sheets: choosing the graves, the size and printing their plates.
import type { CountedNoun } from '../text/format';

export const plateSheetsText = {
  'plateSheets.title': 'لوحات القبور',
  'plateSheets.intro':
    'اختر القسم ومدى الأرقام، ثم مقاس اللوحة، واطبع. تُطبع اللوحات بمقاسها الحقيقي على ورق ٢١×٢٩٫٧ سم، وحول كل لوحة علامات القص.',
  'plateSheets.section': 'القسم',
  'plateSheets.from': 'من رقم',
  'plateSheets.to': 'إلى رقم',
  'plateSheets.size': 'مقاس اللوحة',
  'plateSheets.sizeSticker': 'ملصق ٥×٥ سم',
  'plateSheets.sizePlate': 'لوحة ١٠×٧ سم',
  'plateSheets.show': 'عرض اللوحات',
  'plateSheets.print': 'طباعة',
  'plateSheets.printPlates': 'طباعة اللوحات',
  'plateSheets.printOne': 'طباعة لوحة القبر',
  'plateSheets.rangeInvalid': 'اكتب رقمين صحيحين من ١ فأكثر في «من رقم» و«إلى رقم».',
  'plateSheets.chosen': 'المقابر المختارة',
  'plateSheets.chooseRange': 'اختيار قسم ومدى بدلًا منها',
  'plateSheets.count': '{plates} على {pages}.',
  'plateSheets.none': 'لا توجد مقابر مسجلة في هذا المدى.',
  'plateSheets.noneChosen': 'لم يُعثر على المقابر المختارة؛ ربما حُذفت.',
  'plateSheets.capped':
    'يضم هذا الاختيار {total}، وتُطبع في المرة الواحدة {max} على الأكثر: ستُطبع أول {max}. اختر مدى أضيق لطباعة الباقي.',
  'plateSheets.loadFailed': 'تعذر تحميل المقابر. حاول مرة أخرى.',
  'plateSheets.preview': 'معاينة الصفحات',
  'plateSheets.page': 'الصفحة {n} من {count}',
  'plateSheets.plateAlt': 'لوحة {grave}',
  'plateSheets.preparing': 'جارٍ تجهيز اللوحات للطباعة…',
  /** Beside plate.siteUrlMissing (the refusal's own words), for a manager: the way to the settings page. */
  'plateSheets.toSettings': 'فتح إعدادات الموقع',
  'plateSheets.printHint':
    'اختر في نافذة الطباعة ورقًا بمقاس ٢١×٢٩٫٧ سم ومقياس ١٠٠٪ (دون «ملاءمة الصفحة») لتخرج اللوحات بمقاسها.',
} as const;

/** Plates counted: «لوحة واحدة», «لوحتان», «٣ لوحات», «١٥ لوحة». */
export const plateNoun: CountedNoun = {
  one: 'لوحة واحدة',
  two: 'لوحتان',
  twoGenitive: 'لوحتين',
  few: '{n} لوحات',
  many: '{n} لوحة',
  other: '{n} لوحة',
};

/** Printed pages counted, after «على»: «صفحة واحدة», «صفحتين», «٣ صفحات». */
export const sheetPageNoun: CountedNoun = {
  one: 'صفحة واحدة',
  two: 'صفحتان',
  twoGenitive: 'صفحتين',
  few: '{n} صفحات',
  many: '{n} صفحة',
  other: '{n} صفحة',
};
