// Arabic text of the cemetery plan as the public page and the console draw it. Kept apart from the
// messages table so that the plan page's download carries these lines only.
export const planPublicText = {
  'plan.title': 'مخطط المقابر',
  'plan.intro':
    'كل مربع مقبرة، ولونه حالتها. اضغط على مقبرة لتفتح صفحتها، أو ابحث باسم المتوفى لتظهر مقبرته على المخطط.',
  'plan.link': 'مخطط المقابر',
  'plan.legend': 'دليل الألوان',
  'plan.available': 'متاحة',
  'plan.resting': 'في فترة الراحة (والرقم الصغير: الأيام الباقية)',
  'plan.full': 'ممتلئة',
  'plan.none': 'لا مقبرة مسجلة بهذا الرقم',
  'plan.found': 'مقبرة من نتائج البحث',
  'plan.sectionMen': 'مقابر الرجال',
  'plan.sectionWomen': 'مقابر النساء',
  'plan.sectionBones': 'العظام',
  'plan.sectionEmpty': 'لا توجد مقابر مسجلة في هذا القسم.',
  'plan.row': 'الصف {label}',
  'plan.unplaced': 'خارج الصفوف',
  // {grave} names the section too (numbers repeat across sections): «المقبرة ١٢ — رجال: متاحة».
  'plan.cellAvailable': '{grave}: متاحة',
  'plan.cellResting': '{grave}: في فترة الراحة، تتاح بعد {days}',
  'plan.cellFull': '{grave}: ممتلئة',
  'plan.bonesCount': '{label}: {remains}',
  'plan.textTitle': 'المخطط مكتوبًا',
  'plan.textRow': '{row} (من {from} إلى {to})',
  'plan.textAvailable': 'متاحة: {numbers}',
  'plan.textResting': 'في فترة الراحة: {numbers}',
  'plan.textFull': 'ممتلئة: {numbers}',
  'plan.search': 'ابحث باسم المتوفى',
  'plan.searchLabel': 'ابحث عن متوفى لتُعلَّم مقبرته على المخطط',
  'plan.searchFound': 'عُلّمت على المخطط {count} لمن يطابقون البحث.',
  'plan.searchNone': 'لا توجد نتائج مطابقة.',
} as const;

/** The remains a bone section holds, counted: «رفات ٣ أشخاص», «رفات ١١ شخصًا». */
export const remainsNoun = {
  zero: 'لا رفات فيه بعد',
  one: 'رفات شخص واحد',
  two: 'رفات شخصين',
  twoGenitive: 'رفات شخصين',
  few: 'رفات {n} أشخاص',
  many: 'رفات {n} شخصًا',
  other: 'رفات {n} شخص',
} as const;
