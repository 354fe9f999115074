// The words of /notices and of a notice's page (its share and calendar buttons, the calendar file),
// apart from the home page's strip (noticesPublic.ts): a module's strings download together, and the home page's
// first download carries only the strip's few words.
export const noticePageText = {
  'noticePage.inGodsCare': 'في ذمة الله',
  'noticePage.prayer': 'صلاة الجنازة',
  'noticePage.none': 'لم يُنشر نعي خلال الشهر الأخير.',
  'noticePage.loading': 'جارٍ تحميل النعي...',
  'noticePage.notFound': 'لم نجد هذا النعي. ربما تغير الرابط أو لم يعد منشورًا.',
  'noticePage.day': 'اليوم',
  'noticePage.time': 'الساعة',
  'noticePage.mosque': 'المسجد',
  'noticePage.burialHeading': 'الدفن',
  'noticePage.burialPlace': 'مكان الدفن',
  'noticePage.condolencesHeading': 'العزاء',
  'noticePage.condolenceDays': 'من {from} إلى {to}',
  'noticePage.condolenceHours': 'المواعيد',
  'noticePage.share': 'مشاركة النعي',
  'noticePage.whatsapp': 'مشاركة عبر واتساب',
  'noticePage.copy': 'نسخ رابط النعي',
  'noticePage.copied': 'نُسخ رابط النعي.',
  'noticePage.copyFailed': 'تعذر نسخ الرابط. يمكنك نسخه من شريط العنوان.',
  'noticePage.calendar': 'إضافة موعد الصلاة إلى التقويم',
  /** The title a shared notice carries. */
  'noticePage.shareTitle': 'نعي {name}',
  /** The text a shared notice carries before its link. */
  'noticePage.shareText': '{name} في ذمة الله. صلاة الجنازة {when}، في {mosque}.',
  /** The calendar event's title. */
  'noticePage.calendarSummary': 'صلاة الجنازة على {name}',
} as const;
