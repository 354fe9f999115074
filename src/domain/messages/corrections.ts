// The API's words about a family's correction of a burial — the answer to sending one, the refusals, the
// staff's decisions and their audit lines. In the register of ../shared/ui-text-ar.md: plain, dignified.
export const correctionsText = {
  'correction.sent': 'تم إرسال التصحيح، وستراجعه لجنة المقبرة. احتفظ برابط المتابعة لتعرف ما تقرر فيه.',
  'correction.nothingProposed': 'لم يُقترح أي تصحيح: غيّر الاسم أو تاريخ الدفن، أو اكتب ملاحظة للجنة.',
  'correction.noteInvalid': 'الملاحظة يجب أن تكون نصًا مكتوبًا.',
  'correction.senderNameInvalid': 'اسمك مطلوب، والحد الأقصى لطوله ١٠٠ حرف.',
  'correction.tooManyWait': 'أرسلت تصحيحات كثيرة خلال وقت قصير. يرجى المحاولة بعد {wait}.',
  'correction.notFound': 'هذا التصحيح غير موجود.',
  'correction.followNotFound': 'رابط المتابعة هذا لا يدل على أي تصحيح.',
  'correction.alreadyDecided': 'تم البت في هذا التصحيح من قبل.',
  'correction.burialChanged':
    'تغيرت بيانات المتوفى في السجل بعد إرسال هذا التصحيح. راجع القيم الحالية، ثم أكّد التطبيق إن كان ما زال صحيحًا.',
  'correction.burialGone': 'لم يعد هذا المتوفى في السجل، فلا يمكن تطبيق التصحيح. يمكن رفضه.',
  'correction.applied': 'تم تطبيق التصحيح على السجل.',
  'correction.rejected': 'تم رفض التصحيح.',
  'correction.reasonInvalid': 'سبب الرفض يجب أن يكون نصًا مكتوبًا.',
  'correction.statusInvalid': 'حالة التصحيح غير معروفة.',
  'input.correctionNote.control': 'تحتوي الملاحظة على رموز تحكم غير مرئية. يرجى حذفها ثم المحاولة مرة أخرى.',
  'input.correctionNote.unpaired': 'تحتوي الملاحظة على حرف تالف لا يمكن حفظه. يرجى إعادة كتابتها.',
  'input.correctionReason.control': 'يحتوي سبب الرفض على رموز تحكم غير مرئية. يرجى حذفها ثم المحاولة مرة أخرى.',
  'input.correctionReason.unpaired': 'يحتوي سبب الرفض على حرف تالف لا يمكن حفظه. يرجى إعادة كتابته.',
  'audit.action.correction.apply': 'تطبيق تصحيح أرسلته أسرة',
  'audit.action.correction.reject': 'رفض تصحيح أرسلته أسرة',
} as const;
