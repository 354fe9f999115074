// Arabic text of the part D: what a real import did and what it left out (with the download to fix and import
// again), and the staff's view of the warnings the register keeps with a burial (never shown to the public).
export const importReportText = {
  // After a real import: the same figures, said as done
  'importDone.title': 'نتيجة الاستيراد',
  'importDone.gravesCreated': 'مقابر أُضيفت',
  'importDone.burialsAdded': 'حالات دفن أُضيفت',
  'importDone.duplicates': 'أسطر مكررة تُركت',
  'importDone.refused': 'أسطر تُركت ولم تُستورد',
  'importDone.more': 'وبعدها {lines} أخرى لا تُعرض هنا.',
  'importDone.again': 'نزّل الأسطر المتروكة، وصحّحها في الملف نفسه، ثم استوردها مرة أخرى.',
  // The two downloads of the import page
  'importDownload.leftOut': 'تنزيل الأسطر المتروكة مع سبب تركها',
  'importDownload.leftOutFile': 'الأسطر-المتروكة.csv',
  'importDownload.template': 'تنزيل نموذج فارغ بأعمدة الاستيراد',
  'importDownload.templateFile': 'نموذج-الاستيراد.csv',
  /** The column added after the file's own in the download of the left-out lines. */
  'importDownload.reasonColumn': 'سبب الترك',
  'importDownload.lineColumn': 'رقم السطر في الملف',
  // The warnings the register keeps with a burial: the staff's alone
  'warnings.title': 'تنبيهات سُجلت مع حالات الدفن',
  'warnings.intro': 'هذه التنبيهات للعاملين في السجل وحدهم، ولا تظهر للزوار.',
  'warnings.person': '{name} ({date}): {warning}',
  'warnings.loadFailed': 'تعذر تحميل تنبيهات هذه المقبرة.',
  'warnings.filter': 'مع تنبيهات',
  // The graves list's two downloads, in words on a phone too
  'gravesList.downloadShown': 'تنزيل المقابر المعروضة',
} as const;
