// The words of a shared link's preview — the page's title and description in the head every
// public page is sent with, and the lines of its preview image (src/domain/share/pageHead.ts). In the register of
// ../shared/ui-text-ar.md: plain, dignified, neutral in gender (a notice does not say whether the deceased was a man
// or a woman).
export const sharePreviewsText = {
  /** Every page but the home page: «مقابر الرجال | مقابر القرية». */
  'share.pageTitle': '{page} | {site}',
  'share.noticesDescription': 'النعي في {site}: مواعيد صلاة الجنازة وأماكن تلقي العزاء خلال الشهر الأخير.',
  'share.teamDescription': 'أعضاء لجنة {site} الذين يحفظون سجل المقابر ويجيبون عن أسئلة الأهالي.',
  'share.planDescription': 'مخطط {site}: صفوف المقابر وأرقامها وحالة كل مقبرة.',
  'share.loginDescription': 'دخول فريق عمل {site} إلى لوحة التحكم.',
  /** A grave's page: «المقبرة ٣٤ — رجال في مقابر القرية. أحدث من دُفن فيها: محمد أحمد، علي حسن». */
  'share.graveDescription': '{grave} في {site}. أحدث من دُفن فيها: {names}.',
  'share.graveDescriptionEmpty': '{grave} في {site}. لا يوجد مدفونون في هذه المقبرة بعد.',
  /** The names of a grave's latest burials, when it holds more than those named. */
  'share.andOthers': '{names}، وغيرهم',
  'share.namesSeparator': '، ',
  'share.lastBurial': 'آخر دفن فيها: {date}',
  /** A notice: «محمد أحمد في ذمة الله | …»; its description and its image's lines. */
  'share.noticeTitle': '{name} في ذمة الله',
  'share.noticePrayer': 'صلاة الجنازة {after}{when}، في {mosque}',
  'share.funeralPrayerOf': 'صلاة الجنازة على {name}',
  /** The preview image's text for a screen reader (og:image:alt). */
  'share.imageAlt': 'بطاقة {site}: {title}',
  /** Kept out of the preview queue: too many images are being drawn at once. */
  'share.busy': 'الخادم مشغول برسم صور المعاينة الآن. يرجى المحاولة بعد قليل.',
  /** /sitemap.xml before the committee has set the site's address (its addresses must be whole). */
  'share.siteUrlMissing':
    'لا توجد خريطة للموقع قبل تحديد عنوانه على الإنترنت. يحدده المدير في لوحة التحكم من صفحة «إعدادات الموقع».',
} as const;
