// The wording of the pages that name the village or its committee: templates, filled with the names the
// committee gave in its settings (src/domain/identity/siteIdentity.ts). The spec's own lines named one village;
// here the name is {village} and the site's title {site}. Kept apart and small: the public home page carries it.
export const identityText = {
  'identity.cemeteryOf': 'مقابر {village}',
  // A register whose village is not named yet (before the first start's setup).
  'identity.unnamed': 'سجل المقابر',
  'identity.metaDescription': 'سجل {site}: ابحث عن المتوفين وأرقام المقابر، وتابع حالة المقابر وأحدث حالات الدفن.',
  'identity.heroTitle': 'مرحبًا بكم في موقع {site}',
  'identity.heroText':
    'هنا تجدون سجل المقابر: أماكن الدفن وحالة كل مقبرة وأحدث حالات الدفن، حفظًا لذكرى من رحلوا وتيسيرًا على أهاليهم.',
  'identity.about':
    'موقع تطوعي أعدته لجنة {site} لحفظ سجل المقابر وتيسير الوصول إلى أماكن الدفن، ويُحدَّث السجل أولًا بأول عند كل حالة دفن.',
  'identity.approvedHeading': 'اقتراحات أهالي {village}',
  'identity.approvedHeadingUnnamed': 'اقتراحات الأهالي',
  'identity.teamHeading': 'فريق العمل',
  'identity.homeLink': 'الصفحة الرئيسية: {site}',
  'identity.rights': 'جميع الحقوق محفوظة © {year} {site}',
} as const;
