// The village's settings in the console and the API's reasons for refusing them.
export const settingsText = {
  'settings.villageNameInvalid': 'يرجى كتابة اسم القرية (حتى ٨٠ حرفًا، بلا رموز تحكم).',
  'settings.cemeteryNameInvalid': 'اسم المقابر المعروض أطول من ١٠٠ حرف أو يحتوي على رموز تحكم.',
  'settings.descriptionInvalid': 'الوصف أطول من ٦٠٠ حرف أو يحتوي على رموز تحكم.',
  'settings.siteUrlInvalid': 'عنوان الموقع غير صالح. اكتب اسم نطاق الموقع كما يُكتب في المتصفح، وبعده مسار إن وُجد.',
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
  // The site's address: one rule (checkSiteUrl), its own reason for each part it does not take.
  'settings.siteUrlScheme':
    'يبدأ عنوان الموقع بـ https:// أو http:// فقط، ويكفي كتابة اسم النطاق وحده فيُضاف https:// إليه.',
  'settings.siteUrlQuery':
    'عنوان الموقع لا يقبل علامة الاستفهام (?) ولا العلامة (#) ولا ما بعدهما. اكتب اسم النطاق، وبعده مسار إن وُجد.',
  'settings.siteUrlCredentials':
    'عنوان الموقع لا يقبل اسم مستخدم أو كلمة مرور قبل اسم النطاق (العلامة @). اكتب اسم النطاق، وبعده مسار إن وُجد.',
  /** Saved, and the address stored is not the text typed (https:// added, a slash at the end dropped): it is named. */
  'settings.savedSiteUrl': 'تم حفظ إعدادات الموقع. حُفظ عنوان الموقع هكذا: {url}',
} as const;
