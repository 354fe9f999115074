// The public site's words about a family's correction of a burial — the link on a grave's page, the form,
// the answer with its private follow-up address, and the follow-up page. In the register of ../shared/ui-text-ar.md:
// plain, dignified. The API's own words (sent, refused) are in corrections.ts.
export const correctionsPublicText = {
  // The grave page: one link per burial (its accessible name says whose record it is).
  'correctionsPublic.link': 'اقترح تصحيحًا',
  'correctionsPublic.linkLabel': 'اقترح تصحيحًا لسجل {name}',
  'correctionsPublic.column': 'تصحيح',

  // The form.
  'correctionsPublic.heading': 'اقتراح تصحيح لسجل متوفى',
  'correctionsPublic.intro':
    'إن وجدتم خطأ في اسم المتوفى أو في تاريخ دفنه، فاكتبوا ما تعرفونه صحيحًا، واتركوا ما سواه فارغًا. تراجع لجنة المقبرة كل تصحيح قبل أن يُكتب في السجل.',
  'correctionsPublic.nowHeading': 'ما في السجل الآن',
  'correctionsPublic.now': 'في السجل الآن:',
  'correctionsPublic.newName': 'الاسم الصحيح',
  'correctionsPublic.newNamePlaceholder': 'اتركه فارغًا إن كان الاسم صحيحًا',
  'correctionsPublic.newDate': 'تاريخ الدفن الصحيح',
  'correctionsPublic.newDatePlaceholder': 'اتركه فارغًا إن كان التاريخ صحيحًا',
  'correctionsPublic.dateHint': 'مثل: ١٥/٣/٢٠٠٤ أو ٢٠٠٤ وحدها أو ٥ رمضان ١٤٢٥ هـ',
  'correctionsPublic.dateReads': 'يُقرأ: {date}',
  'correctionsPublic.note': 'ملاحظة للجنة (اختيارية)',
  'correctionsPublic.senderHeading': 'بيانات المرسل',
  'correctionsPublic.senderHint': 'لا يرى اسمك ورقم هاتفك إلا لجنة المقبرة، لتتواصل معك إن احتاجت إلى ذلك.',
  'correctionsPublic.senderName': 'اسمك',
  'correctionsPublic.senderPhone': 'رقم هاتفك',
  'correctionsPublic.submit': 'إرسال التصحيح',
  'correctionsPublic.networkError':
    'تعذر إرسال التصحيح لانقطاع الاتصال. ما كتبته باقٍ في هذه الصفحة؛ أعد الإرسال حين يعود الاتصال.',
  'correctionsPublic.serverError': 'تعذر إرسال التصحيح: {message}',
  'correctionsPublic.retry': 'أعد الإرسال',
  'correctionsPublic.draftRestored': 'أعدنا إليك ما كتبته من قبل ولم يُرسل بعد.',
  'correctionsPublic.personNotFound': 'لم نجد هذا المتوفى في سجل هذه المقبرة. ربما تغير الرابط أو تغير السجل.',
  'correctionsPublic.backToGrave': 'العودة إلى صفحة المقبرة',

  // The answer: the private follow-up address.
  'correctionsPublic.sentHeading': 'تم إرسال التصحيح',
  'correctionsPublic.followLabel': 'رابط متابعة التصحيح',
  'correctionsPublic.keepLink':
    'احتفظ بهذا الرابط: به وحده تعرف ما تقرر في تصحيحك. لا يظهر فيه اسمك ولا رقم هاتفك، ولن نعرضه عليك مرة أخرى.',
  'correctionsPublic.copy': 'نسخ الرابط',
  'correctionsPublic.copied': 'تم نسخ الرابط.',
  'correctionsPublic.copyFailed': 'تعذر النسخ. يمكنك تحديد الرابط ونسخه بنفسك.',

  // The follow-up page.
  'correctionsPublic.followHeading': 'متابعة تصحيح',
  'correctionsPublic.followLoading': 'جارٍ تحميل حالة التصحيح...',
  'correctionsPublic.followNotFound': 'رابط المتابعة هذا لا يدل على أي تصحيح. تأكد من أنك نسخته كاملًا.',
  'correctionsPublic.status': 'الحالة',
  'correctionsPublic.status.pending': 'قيد المراجعة',
  'correctionsPublic.status.applied': 'طُبّق التصحيح',
  'correctionsPublic.status.rejected': 'رُفض',
  'correctionsPublic.statusText.pending': 'لم تبتّ لجنة المقبرة في هذا التصحيح بعد. يمكنك العودة إلى هذا الرابط لاحقًا.',
  'correctionsPublic.statusText.applied': 'راجعت لجنة المقبرة هذا التصحيح وكتبته في السجل.',
  'correctionsPublic.statusText.rejected': 'راجعت لجنة المقبرة هذا التصحيح ولم تكتبه في السجل.',
  'correctionsPublic.sentAt': 'تاريخ الإرسال',
  'correctionsPublic.decidedAt': 'تاريخ القرار',
  'correctionsPublic.reason': 'السبب',
  'correctionsPublic.private': 'هذه الصفحة خاصة بمن أرسل التصحيح، ولا تظهر في محركات البحث.',

  // The pages' heads (the tab's title and the description a shared link shows).
  'correctionsPublic.pageTitle': 'اقتراح تصحيح',
  'correctionsPublic.pageDescription':
    'اقترح تصحيح اسم متوفى أو تاريخ دفنه في سجل المقابر؛ تراجعه لجنة المقبرة قبل تطبيقه.',
  'correctionsPublic.followTitle': 'متابعة تصحيح',
  'correctionsPublic.followDescription': 'حالة تصحيح أُرسل إلى لجنة المقبرة: قيد المراجعة أو طُبّق أو رُفض.',
} as const;
