// The village's settings in the console and the API's reasons for refusing them.
export const settingsText = {
  'settings.villageNameInvalid': 'يرجى كتابة اسم القرية (حتى ٨٠ حرفًا، بلا رموز تحكم).',
  'settings.cemeteryNameInvalid': 'اسم المقابر المعروض أطول من ١٠٠ حرف أو يحتوي على رموز تحكم.',
  'settings.descriptionInvalid': 'الوصف أطول من ٦٠٠ حرف أو يحتوي على رموز تحكم.',
  'settings.siteUrlInvalid': 'عنوان الموقع غير صالح. يرجى كتابته كاملًا، مثل: https://example.org',
  'settings.themeColorInvalid': 'لون الموقع غير صالح. يرجى اختيار لون من اللوحة.',
  'settings.emailInvalid': 'أحد عناوين البريد الإلكتروني غير صالح.',
  'settings.phoneInvalid': 'أحد أرقام الهاتف غير صالح.',
  'settings.addressInvalid': 'العنوان أطول من ٣٠٠ حرف أو يحتوي على رموز تحكم.',
  'settings.socialInvalid': 'أحد روابط التواصل غير صالح. يرجى كتابة الرابط كاملًا، مثل: https://example.org',
  'settings.textInvalid': 'أحد نصوص الصفحات أطول من ٦٠٠ حرف أو يحتوي على رموز تحكم.',
  'settings.teamInvalid': 'إحدى بطاقات الفريق غير مكتملة: يلزم الاسم والدور، وبريد أو هاتف أو رابط صالح إن وُجد.',
  'settings.tooMany': 'عدد العناصر أكبر من المسموح به.',
  'settings.nothing': 'لم يُرسل أي تغيير للإعدادات.',
  'settings.saved': 'تم حفظ إعدادات الموقع.',
} as const;
