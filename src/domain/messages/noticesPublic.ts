// The public site's words for death notices: the home page's strip of current notices and the line
// of a notice's prayer (the pages' own words are in noticesPublicPage.ts). Read by static properties only. The words
// are neutral in gender: a notice does not say whether the deceased was a man or a woman («في ذمة الله», «صلاة
// الجنازة»), so nothing here guesses it.
export const noticesPublicText = {
  'noticesPublic.heading': 'النعي',
  /** The strip's and the list's line: «صلاة الجنازة يوم …، في مسجد …». */
  'noticesPublic.prayerLine': 'صلاة الجنازة {when}، في {mosque}',
  'noticesPublic.when': 'يوم {day} الساعة {time}',
  'noticesPublic.all': 'النعي خلال الشهر الأخير',
  'noticesPublic.morning': 'صباحًا',
  'noticesPublic.noon': 'ظهرًا',
  'noticesPublic.evening': 'مساءً',
} as const;
