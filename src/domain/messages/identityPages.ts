// The public pages' words around the committee's contacts and team: the names of the kinds of social
// links the footer shows, the labels of the contacts, and the team page before the committee has added its team.
export const identityPagesText = {
  'identityPages.social.facebook': 'صفحتنا على فيسبوك',
  'identityPages.social.whatsapp': 'واتساب',
  'identityPages.social.youtube': 'قناتنا على يوتيوب',
  'identityPages.social.x': 'حسابنا على إكس',
  'identityPages.social.instagram': 'حسابنا على إنستغرام',
  'identityPages.social.telegram': 'قناتنا على تيليجرام',
  'identityPages.social.website': 'موقعنا',
  'identityPages.contacts': 'للتواصل مع اللجنة',
  'identityPages.email': 'البريد الإلكتروني',
  'identityPages.phone': 'الهاتف',
  'identityPages.address': 'العنوان',
  'identityPages.noTeam': 'لم تُضِف اللجنة أعضاء فريقها بعد.',
} as const;
