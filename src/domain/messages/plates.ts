// A grave's plate and its short address — the words printed on a plate, the line of a grave's page that
// gives its code, and the page a short address of no grave answers. In the register of ../shared/ui-text-ar.md:
// plain and short. Kept apart so that the pages that show them download these lines only.
export const platesText = {
  /** The section as a plate prints it, above the number. */
  'plate.sectionMen': 'مقبرة الرجال',
  'plate.sectionWomen': 'مقبرة النساء',
  'plate.sectionBones': 'العظام',
  /** The plate's number line: «رقم ٣١٧». A bone section's label is printed as it is written. */
  'plate.number': 'رقم {number}',
  /** The plate's title for a screen reader and a file list: «لوحة المقبرة ٣١٧ — رجال». */
  'plate.title': 'لوحة {grave}',
  /** The code of a grave as a person says it on the phone: the section's word and the number. */
  'plate.spokenMen': 'رجال {number}',
  'plate.spokenWomen': 'نساء {number}',
  'plate.spokenBones': 'عظام {label}',
  /** The grave page's line: «رمز المقبرة: رجال ٣١٧» and its short address, a link. */
  'plate.codeLabel': 'رمز المقبرة',
  'plate.addressLabel': 'العنوان المختصر',
  /** The plan's line under the sections: what a grave's code is, and where the short address leads. */
  'plate.planHint':
    'لكل مقبرة رمز يُقال في الهاتف: القسم ثم الرقم، مثل «{spoken}». وعنوانها المختصر المكتوب على لوحتها، مثل {address}، يفتح صفحتها.',
  /** A short address (from a plate or typed) that names no grave in the register: the page says so, with 404. */
  'plate.addressUnknown':
    'لا توجد مقبرة بهذا العنوان في السجل. تأكد من الرمز المكتوب على اللوحة، أو ابحث عن المقبرة من الصفحة الرئيسية.',
  /** A plate asked for (the API, the console's sheets) before the committee has set the site's address. */
  'plate.siteUrlMissing':
    'لا تُطبع لوحات القبور قبل تحديد عنوان الموقع على الإنترنت: رمز QR في اللوحة يحمل هذا العنوان ويبقى على القبر سنوات. يحدده المدير في لوحة التحكم من صفحة «إعدادات الموقع».',
} as const;
