// Arabic text of the open-format exports: the audit labels of every export, the console's download
// buttons, and the words the GEDCOM file names a burial's place and its source with.
export const exportsText = {
  'audit.action.export.register': 'تنزيل السجل كاملًا',
  'audit.action.export.audit': 'تنزيل سجل التدقيق',
  'audit.action.export.geojson': 'تنزيل مواقع المقابر لبرامج الخرائط',
  'audit.action.export.gedcom': 'تنزيل المدفونين لبرامج شجرة العائلة',
  'admin.downloadGeoJson': 'تنزيل مواقع المقابر لبرامج الخرائط',
  'admin.downloadGedcom': 'تنزيل المدفونين لبرامج شجرة العائلة',
  'exports.product': 'سجل المقابر',
  'exports.placeGrave': 'مقبرة رقم {number}',
  'exports.section.men': 'قسم الرجال',
  'exports.section.women': 'قسم النساء',
  'exports.section.bones': 'قسم العظام',
} as const;
