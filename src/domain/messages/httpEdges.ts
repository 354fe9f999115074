// Arabic text of the answers the HTTP layer gives before a request reaches a route: headers too large,
// a request the parser cannot read, and one that did not arrive in time. The connection is closed after each.
export const httpEdgesText = {
  'http.headersTooLarge':
    'حجم بيانات الطلب أكبر من المسموح. يرجى حذف ملفات تعريف الارتباط لهذا الموقع ثم المحاولة مرة أخرى.',
  'http.malformed': 'تعذرت قراءة الطلب لأنه غير مكتمل أو غير صالح. يرجى المحاولة مرة أخرى.',
  'http.timeout': 'لم يكتمل وصول الطلب في الوقت المسموح. يرجى التحقق من الاتصال ثم المحاولة مرة أخرى.',
} as const;
