// Arabic text of the open-format exports (issue 27): the audit labels of every export, the console's download
// buttons, and the words the GEDCOM file names a burial's place and its source with.
export const exportsText = {
  'audit.action.export.register': 'تنزيل السجل (CSV)',
  'audit.action.export.audit': 'تنزيل سجل التدقيق (CSV)',
  'audit.action.export.geojson': 'تنزيل مواقع المقابر (GeoJSON)',
  'audit.action.export.gedcom': 'تنزيل ملف الأنساب (GEDCOM)',
  'admin.downloadGeoJson': 'تنزيل مواقع المقابر (GeoJSON)',
  'admin.downloadGedcom': 'تنزيل ملف الأنساب (GEDCOM)',
  'exports.product': 'سجل المقابر',
  'exports.placeGrave': 'مقبرة رقم {number}',
  'exports.section.men': 'قسم الرجال',
  'exports.section.women': 'قسم النساء',
  'exports.section.bones': 'قسم العظام',
} as const;
