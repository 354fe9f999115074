// Arabic reasons of the text input rules (src/domain/text/textRules.ts): for each stored text, why it cannot be
// kept, naming the field. "control" is a control character (invisible, pasted in); "unpaired" is a broken character
// (half of a pair), which cannot be stored without losing it. Kept apart from the other messages, and the suggestion
// form's four lines apart again, so the public site carries only those (its home page bundle has a budget).
export const suggestionRulesText = {
  'input.suggestionText.control': 'يحتوي نص الاقتراح على رموز تحكم غير مرئية. يرجى حذفها ثم المحاولة مرة أخرى.',
  'input.suggestionText.unpaired': 'يحتوي نص الاقتراح على حرف تالف لا يمكن حفظه. يرجى إعادة كتابة النص.',
  'input.suggestionName.control': 'يحتوي الاسم على رموز تحكم غير مرئية. يرجى حذفها ثم المحاولة مرة أخرى.',
  'input.suggestionName.unpaired': 'يحتوي الاسم على حرف تالف لا يمكن حفظه. يرجى إعادة كتابة الاسم.',
  // The suggestion text's length: the counter under it and the line at the limit.
  'suggest.counter': 'عدد الأحرف: {n} من {max}',
  'suggest.atLimit': 'بلغ النص الحد الأقصى لطوله.',
} as const;

export const inputRulesText = {
  ...suggestionRulesText,
  // The API's refusal of a suggestion too long (not "required"); the form stops at the limit before.
  'suggest.textTooLong': 'نص الاقتراح أطول من الحد الأقصى (٢٠٠٠ حرف). يرجى اختصاره.',
  'suggest.nameTooLong': 'الاسم أطول من الحد الأقصى (١٠٠ حرف). يرجى اختصاره.',
  'input.burialName.control': 'يحتوي اسم المتوفى على رموز تحكم غير مرئية. يرجى حذفها ثم المحاولة مرة أخرى.',
  'input.burialName.unpaired': 'يحتوي اسم المتوفى على حرف تالف لا يمكن حفظه. يرجى إعادة كتابة الاسم.',
  'input.articleTitle.control': 'يحتوي عنوان المقال على رموز تحكم غير مرئية. يرجى حذفها ثم المحاولة مرة أخرى.',
  'input.articleTitle.unpaired': 'يحتوي عنوان المقال على حرف تالف لا يمكن حفظه. يرجى إعادة كتابة العنوان.',
  'input.articleContent.control': 'يحتوي محتوى المقال على رموز تحكم غير مرئية. يرجى حذفها ثم المحاولة مرة أخرى.',
  'input.articleContent.unpaired': 'يحتوي محتوى المقال على حرف تالف لا يمكن حفظه. يرجى إعادة كتابة الجزء التالف.',
  'input.accountName.control': 'يحتوي اسم الحساب على رموز تحكم غير مرئية. يرجى حذفها ثم المحاولة مرة أخرى.',
  'input.accountName.unpaired': 'يحتوي اسم الحساب على حرف تالف لا يمكن حفظه. يرجى إعادة كتابة الاسم.',
  'input.email.control': 'يحتوي البريد الإلكتروني على رموز تحكم غير مرئية. يرجى حذفها ثم المحاولة مرة أخرى.',
  'input.email.unpaired': 'يحتوي البريد الإلكتروني على حرف تالف. يرجى إعادة كتابة العنوان.',
  'input.password.control': 'تحتوي كلمة المرور على رموز تحكم غير مرئية. يرجى اختيار كلمة مرور بدونها.',
  'input.password.unpaired': 'تحتوي كلمة المرور على حرف تالف. يرجى اختيار كلمة مرور أخرى.',
  'input.graveLabel.control': 'يحتوي رقم قسم العظام على رموز تحكم غير مرئية. يرجى حذفها ثم المحاولة مرة أخرى.',
  'input.graveLabel.unpaired': 'يحتوي رقم قسم العظام على حرف تالف لا يمكن حفظه. يرجى إعادة كتابته.',
  'input.planRowLabel.control': 'يحتوي اسم الصف رقم {n} على رموز تحكم غير مرئية. يرجى حذفها ثم المحاولة مرة أخرى.',
  'input.planRowLabel.unpaired': 'يحتوي اسم الصف رقم {n} على حرف تالف لا يمكن حفظه. يرجى إعادة كتابته.',
  'input.reopenReason.control': 'يحتوي سبب إعادة الفتح على رموز تحكم غير مرئية. يرجى حذفها ثم المحاولة مرة أخرى.',
  'input.reopenReason.unpaired': 'يحتوي سبب إعادة الفتح على حرف تالف لا يمكن حفظه. يرجى إعادة كتابته.',
  'input.importNotes.control': 'تحتوي الملاحظات على رموز تحكم غير مرئية. يرجى حذفها من الملف ثم المحاولة مرة أخرى.',
  'input.importNotes.unpaired': 'تحتوي الملاحظات على حرف تالف لا يمكن حفظه. يرجى إعادة كتابتها.',
  'input.fileName.control': 'يحتوي اسم الملف على رموز تحكم غير مرئية. يرجى إعادة تسمية الملف ثم رفعه مرة أخرى.',
  'input.fileName.unpaired': 'يحتوي اسم الملف على حرف تالف. يرجى إعادة تسمية الملف ثم رفعه مرة أخرى.',
  'input.auditDate': 'تاريخ البحث في السجل غير صالح. اكتبه بالصيغة سنة-شهر-يوم، مثل 2024-03-15.',
  'input.notUtf8': 'تعذرت قراءة الطلب لأن فيه رموزًا تالفة لا تكوّن حروفًا صالحة. يرجى إعادة إرساله.',
  'input.unstorable': 'يحتوي الطلب على رموز لا يمكن حفظها. يرجى حذف رموز التحكم والحروف التالفة ثم المحاولة مرة أخرى.',
} as const;
