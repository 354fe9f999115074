// The public site's words about the photos of a grave — the photos on its page and the page that sends one.
// In the register of ../shared/ui-text-ar.md. The API's own words (sent, refused) are in photos.ts.
export const photosPublicText = {
  // The grave page.
  'photosPublic.heading': 'صور المقبرة',
  'photosPublic.sendLink': 'أرسل صورة للمقبرة',
  'photosPublic.none': 'لا توجد صور لهذه المقبرة بعد.',
  'photosPublic.loading': 'جارٍ تحميل الصور...',
  'photosPublic.loadError': 'تعذر تحميل صور المقبرة.',
  'photosPublic.photoAlt': 'صورة {grave}، {n} من {count}',

  // The page that sends a photo.
  'photosPublic.pageHeading': 'إرسال صورة للمقبرة',
  'photosPublic.intro':
    'يمكنك إرسال صورة لهذه المقبرة: {grave}. تظهر الصورة في صفحة المقبرة بعد موافقة لجنة المقبرة عليها.',
  'photosPublic.choose': 'اختر الصورة',
  'photosPublic.chooseAnother': 'اختر صورة أخرى',
  'photosPublic.formats': 'تُقبل صور الكاميرا المعتادة حتى ١٥ ميجابايت، وتُصغَّر الصورة في هاتفك قبل إرسالها.',
  'photosPublic.preview': 'الصورة المختارة',
  'photosPublic.willSend': 'حجم ما سيُرسل: نحو {size}.',
  'photosPublic.megabytes': '{n} ميجابايت',
  'photosPublic.kilobytes': '{n} كيلوبايت',
  'photosPublic.senderHeading': 'بيانات المرسل',
  'photosPublic.senderHint': 'اسمك ورقم هاتفك اختياريان، ولا يراهما إلا لجنة المقبرة.',
  'photosPublic.senderName': 'اسمك (اختياري)',
  'photosPublic.senderPhone': 'رقم هاتفك (اختياري)',
  'photosPublic.submit': 'إرسال الصورة',
  'photosPublic.preparing': 'جارٍ تجهيز الصورة...',
  'photosPublic.sending': 'جارٍ الإرسال…',
  'photosPublic.sendingPercent': 'جارٍ الإرسال… {percent}',
  'photosPublic.chooseFirst': 'اختر صورة للمقبرة أولًا.',
  'photosPublic.notImage': 'هذا الملف ليس صورة. اختر صورة للمقبرة.',
  'photosPublic.networkError':
    'تعذر إرسال الصورة لانقطاع الاتصال. الصورة ما زالت مختارة؛ أعد الإرسال حين يعود الاتصال.',
  'photosPublic.serverError': 'تعذر إرسال الصورة: {message}',
  'photosPublic.retry': 'أعد الإرسال',
  'photosPublic.sentHeading': 'تم إرسال الصورة',
  'photosPublic.another': 'إرسال صورة أخرى',
  'photosPublic.backToGrave': 'العودة إلى صفحة المقبرة',

  // The page's head.
  'photosPublic.pageTitle': 'إرسال صورة للمقبرة',
  'photosPublic.pageDescription': 'أرسل صورة لمقبرة في سجل المقابر؛ تظهر في صفحتها بعد موافقة لجنة المقبرة.',
} as const;
