// Arabic text of the offline site: the line shown without a network, the update prompt, and the names
// the phone gives the site once added to its home screen. Kept apart so the site's lazy offline chunk carries only
// these lines.
export const offlineText = {
  // The product's own names, until the server's manifest names the village from its settings.
  'offline.appName': 'سجل المقابر',
  'offline.appShortName': 'سجل المقابر',
  'offline.appDescription': 'سجل المقابر: أسماء المتوفين وأرقام المقابر وحالتها، حتى بلا اتصال.',
  'offline.noConnection': 'لا يوجد اتصال بالإنترنت، ويعرض الموقع ما حفظه هذا الجهاز في آخر زيارة.',
  'offline.updated': 'آخر تحديث للبيانات: {date}',
  'offline.newVersion': 'نسخة جديدة من الموقع متاحة',
  'offline.update': 'تحديث',
  // The login page without a network: it is never kept, and signing in asks the server.
  'offline.loginNeedsNetwork': 'تسجيل الدخول يحتاج إلى اتصال بالإنترنت. يرجى المحاولة عند عودة الاتصال.',
} as const;
