// The first start in the browser; the empty register's words are in emptyRegister.ts.
export const setupText = {
  // The page /setup
  'setup.heading': 'إعداد السجل لأول مرة',
  'setup.intro':
    'يُعَدّ السجل مرة واحدة: اكتب اسم القرية وبيانات أول مدير، ثم تُفتح لوحة التحكم. رمز الإعداد مكتوب في سجل تشغيل الخادم.',
  'setup.code': 'رمز الإعداد',
  'setup.codeHint': 'يُملأ من الرابط المكتوب في سجل تشغيل الخادم.',
  'setup.villageName': 'اسم القرية',
  'setup.villageNameHint': 'يظهر في عنوان الموقع وصفحاته، ويمكن تغييره لاحقًا من الإعدادات.',
  'setup.siteUrl': 'عنوان الموقع على الإنترنت (اختياري)',
  'setup.siteUrlHint':
    'اسم النطاق الذي يكتبه الزائر في المتصفح، ويُضاف https:// إن لم يُكتب. يلزم قبل طباعة لوحات القبور، ويمكن كتابته لاحقًا من إعدادات الموقع.',
  'setup.managerHeading': 'أول مدير للسجل',
  'setup.gravesHeading': 'المقابر (اختياري)',
  'setup.gravesHint': 'إن عرفت عدد مقابر كل قسم تُنشأ مرقّمة من ١، ويمكن إضافتها لاحقًا من لوحة التحكم.',
  'setup.menGraves': 'عدد مقابر الرجال',
  'setup.womenGraves': 'عدد مقابر النساء',
  'setup.button': 'إعداد السجل',
  'setup.working': 'جارٍ الإعداد…',
  'setup.failed': 'تعذّر إعداد السجل. تأكد من اتصالك بالإنترنت، ثم أعد المحاولة.',
  'setup.checking': 'جارٍ التحقق من حالة السجل…',
  'setup.doneHeading': 'السجل مُعَدّ بالفعل',
  'setup.doneText': 'أُعِدّ هذا السجل من قبل، ويدخل إليه فريق العمل من صفحة تسجيل الدخول.',
  'setup.toLogin': 'الذهاب إلى تسجيل الدخول',
  'setup.loginLead': 'لم يُعَدّ السجل بعد. افتح رابط الإعداد المكتوب في سجل تشغيل الخادم، أو',
  'setup.loginLeadLink': 'اذهب إلى صفحة الإعداد',
  // The API's refusals and answer
  'setup.alreadyDone': 'أُعِدّ هذا السجل من قبل، فلا يمكن إعداده مرة أخرى. يرجى تسجيل الدخول.',
  'setup.codeWrong': 'رمز الإعداد غير صحيح. انسخ الرابط كما هو من سجل تشغيل الخادم.',
  'setup.gravesInvalid': 'عدد المقابر يجب أن يكون رقمًا صحيحًا من ٠ إلى {max}.',
  'setup.tooMany':
    'أُدخل رمز إعداد خاطئ مرات كثيرة. يرجى المحاولة بعد {wait}، أو فتح الرابط كما هو من سجل تشغيل الخادم.',
  'setup.success': 'تم إعداد السجل. مرحبًا بك في لوحة التحكم.',
  // The console's first screen on an empty register (§3)
  'empty.consoleHeading': 'السجل فارغ',
  'empty.consoleText': 'لم تُسجَّل أي مقبرة بعد. ابدأ بإحدى هذه الطرق:',
  'empty.startRange': 'إنشاء مقابر بنطاق أرقام',
  'empty.startImport': 'استيراد السجل الورقي',
  'empty.startUsers': 'حسابات فريق العمل',
} as const;
