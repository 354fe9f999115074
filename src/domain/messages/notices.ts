// The words that name a notice's parts, read by the console, the public pages and the preview images
// (static properties only, so a page's download keeps just the strings it shows).
export const noticeWordsText = {
  'notice.for.men': 'للرجال',
  'notice.for.women': 'للسيدات',
  'notice.for.all': 'للرجال والسيدات',
} as const;

// Part A: why a notice cannot be saved, and what a save of one says. Every refusal names its field
// (REFUSAL_FIELD in src/domain/rules/validation.ts maps each key to the body's field for the console's form).
export const noticeRulesText = {
  'notice.notFound': 'النعي غير موجود.',
  'notice.created': 'تم نشر النعي.',
  'notice.updated': 'تم تعديل النعي.',
  'notice.deleted': 'تم حذف النعي.',
  'notice.buried': 'تم تسجيل الدفن وربطه بالنعي.',
  'notice.relationsInvalid': 'سطر القرابة أطول من الحد الأقصى (٣٠٠ حرف).',
  'notice.prayerAtInvalid':
    'موعد صلاة الجنازة غير صالح. اكتب التاريخ والساعة بالصيغة سنة-شهر-يوم ثم الساعة، مثل 2026-11-25T15:30.',
  'notice.prayerPast':
    'موعد صلاة الجنازة المكتوب قد مضى. لا يُنشر نعي بموعد مضى إلا إذا كان الدفن مسجلًا، فسجّل الدفن أولًا أو صحّح الموعد.',
  'notice.mosqueInvalid': 'اسم المسجد مطلوب، والحد الأقصى لطوله ١٥٠ حرفًا.',
  'notice.afterPrayerInvalid': 'وصف موعد الصلاة (مثل: عقب صلاة العصر) أطول من الحد الأقصى (١٠٠ حرف).',
  'notice.condolencesInvalid': 'بيانات العزاء غير صالحة. يرجى مراجعتها.',
  'notice.condolencesTooMany': 'لا يمكن إضافة أكثر من ١٠ أماكن للعزاء.',
  'notice.condolencePlaceInvalid': 'مكان العزاء رقم {n} مطلوب، والحد الأقصى لطوله ٢٠٠ حرف.',
  'notice.condolenceForInvalid': 'حدّد لمن العزاء رقم {n}: للرجال أو للسيدات أو لكليهما.',
  'notice.condolenceDateInvalid': 'تاريخ العزاء رقم {n} غير صالح. اكتبه بالصيغة سنة-شهر-يوم، مثل 2026-11-25.',
  'notice.condolenceDateOrder': 'يبدأ العزاء رقم {n} بعد تاريخ انتهائه. يرجى تصحيح التاريخين.',
  'notice.condolenceHoursInvalid': 'مواعيد العزاء رقم {n} أطول من الحد الأقصى (١٠٠ حرف).',
  'notice.endsAtInvalid': 'تاريخ انتهاء عرض النعي غير صالح. اكتبه بالصيغة سنة-شهر-يوم، مثل 2026-11-28.',
  'notice.endsAtBeforePrayer': 'لا يمكن أن ينتهي عرض النعي في الصفحة الرئيسية قبل يوم صلاة الجنازة.',
  'notice.hiddenInvalid': 'قيمة إخفاء النعي غير صالحة.',
  'notice.graveNotFound': 'المقبرة المحددة للنعي غير موجودة.',
  'notice.burialNotFound': 'الدفن المحدد للنعي غير موجود.',
  'notice.burialNotInGrave': 'الدفن المحدد ليس في المقبرة المحددة للنعي.',
  'notice.graveRequired': 'حدّد المقبرة التي دُفن فيها المتوفى.',
  'notice.alreadyBuried': 'سُجّل دفن صاحب هذا النعي من قبل، ولا يُسجّل مرة أخرى.',
  'notice.buryFrom': 'لم يحن يوم صلاة الجنازة بعد: يُسجَّل الدفن ابتداءً من {date}. إن كان الدفن قد تم قبل ذلك فاكتب يومه.',
  'input.noticeRelations.control': 'يحتوي سطر القرابة على رموز تحكم غير مرئية. يرجى حذفها ثم المحاولة مرة أخرى.',
  'input.noticeRelations.unpaired': 'يحتوي سطر القرابة على حرف تالف لا يمكن حفظه. يرجى إعادة كتابته.',
  'input.noticeMosque.control': 'يحتوي اسم المسجد على رموز تحكم غير مرئية. يرجى حذفها ثم المحاولة مرة أخرى.',
  'input.noticeMosque.unpaired': 'يحتوي اسم المسجد على حرف تالف لا يمكن حفظه. يرجى إعادة كتابته.',
  'input.noticeAfterPrayer.control': 'يحتوي وصف موعد الصلاة على رموز تحكم غير مرئية. يرجى حذفها ثم المحاولة مرة أخرى.',
  'input.noticeAfterPrayer.unpaired': 'يحتوي وصف موعد الصلاة على حرف تالف لا يمكن حفظه. يرجى إعادة كتابته.',
  'input.condolencePlace.control': 'يحتوي مكان العزاء على رموز تحكم غير مرئية. يرجى حذفها ثم المحاولة مرة أخرى.',
  'input.condolencePlace.unpaired': 'يحتوي مكان العزاء على حرف تالف لا يمكن حفظه. يرجى إعادة كتابته.',
  'input.condolenceHours.control': 'تحتوي مواعيد العزاء على رموز تحكم غير مرئية. يرجى حذفها ثم المحاولة مرة أخرى.',
  'input.condolenceHours.unpaired': 'تحتوي مواعيد العزاء على حرف تالف لا يمكن حفظه. يرجى إعادة كتابتها.',
  'audit.action.notice.create': 'نشر نعي',
  'audit.action.notice.update': 'تعديل نعي',
  'audit.action.notice.delete': 'حذف نعي',
} as const;
