// Arabic text of the staff console beyond ui-text-ar.md and the react-admin message set (owned by the console work).
// Same register as the shared copy: plain, short, respectful Modern Standard Arabic.
export const adminText = {
  'admin.title': 'لوحة تحكم المقابر',
  'admin.dashboard': 'لوحة المتابعة',
  'admin.users': 'الحسابات',
  'admin.accessDenied': 'غير مسموح لك بفتح هذه الصفحة',
  'admin.accessDeniedText': 'هذه الصفحة ليست ضمن صلاحيات حسابك. اختر صفحة من القائمة.',
  'admin.backToDashboard': 'العودة إلى لوحة المتابعة',
  'admin.notFoundText': 'ربما كتبت عنوانًا خاطئًا، أو اتبعت رابطًا غير صالح.',
  'admin.search': 'بحث',
  'admin.editBurial': 'تعديل بيانات المتوفى',
  'admin.edit': 'تعديل',
  'admin.createdAt': 'تاريخ الإضافة',
  'admin.role': 'الدور',
  'admin.viewArticle': 'عرض المقال في الموقع',
  'admin.articleUpdateError': 'حدث خطأ أثناء تعديل المقال.',
  'admin.passwordOwnOnly': 'يمكنك تغيير كلمة مرور حسابك فقط.',
  'admin.latestBurials': 'أحدث حالات الدفن',
  'admin.visitSite': 'الموقع العام',
  'admin.csvFile': 'المقابر',
  'admin.daysLeft': 'المدة المتبقية',
  'admin.errorGeneric': 'حدث خطأ. يرجى المحاولة مرة أخرى.',
} as const;
