// The API's words about the photos of a grave — the answers to sending one and the refusals of a file. In
// the register of ../shared/ui-text-ar.md.
export const photosText = {
  'photo.sentPending': 'تم إرسال الصورة، وستظهر في صفحة المقبرة بعد موافقة لجنة المقبرة.',
  'photo.added': 'تمت إضافة الصورة، وهي تظهر الآن في صفحة المقبرة.',
  'photo.missing': 'لم تُرسل أي صورة. اختر صورة للمقبرة ثم أرسلها.',
  'photo.tooLarge': 'الصورة أكبر من الحد الأقصى (١٥ ميجابايت). اختر صورة أصغر.',
  'photo.notImage': 'هذا الملف ليس صورة مقبولة. الصور المقبولة: JPEG أو PNG أو WebP.',
  'photo.heic':
    'صور HEIC (صيغة بعض الهواتف) لا يمكن قراءتها هنا. الصور المقبولة: JPEG أو PNG أو WebP؛ يمكن ضبط كاميرا الهاتف على الصيغة الأكثر توافقًا.',
  'photo.tooManyPixels': 'أبعاد الصورة أكبر مما يمكن قراءته. اختر صورة أصغر.',
  'photo.busy': 'الخادم مشغول بمعالجة صور أخرى الآن. يرجى المحاولة بعد دقيقة.',
  'photo.tooManyWait': 'أرسلت صورًا كثيرة خلال وقت قصير. يرجى المحاولة بعد {wait}.',
  'photo.notFound': 'هذه الصورة غير موجودة.',
  'photo.approved': 'تمت الموافقة على الصورة، وهي تظهر الآن في صفحة المقبرة.',
  'photo.coverSet': 'ستظهر هذه الصورة أولًا في صفحة المقبرة.',
  'photo.deleted': 'تم حذف الصورة.',
  'photo.tooBigToOpen':
    'أبعاد الصورة كبيرة: فتحها يحتاج إلى أكثر من {max} ميجابايت من ذاكرة الخادم، وهو الحد المسموح. اختر صورة بأبعاد أصغر.',
  'photo.damaged': 'تعذر فتح الصورة كاملة: الملف ناقص أو تالف. أرسلها مرة أخرى أو اختر صورة غيرها.',
  'audit.action.photo.create': 'إضافة صورة لمقبرة',
  'audit.action.photo.approve': 'الموافقة على صورة مقبرة',
  'audit.action.photo.cover': 'اختيار الصورة الأولى لمقبرة',
  'audit.action.photo.delete': 'حذف صورة مقبرة',
} as const;
