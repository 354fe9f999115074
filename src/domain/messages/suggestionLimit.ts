// The suggestion form's length rule in words (issue 23): the counter under the text, the line at the limit, and
// the API's refusal of a text or name that is too long (not "required"). The public form reads this module alone.
export const suggestionLimitText = {
  'suggest.counter': 'عدد الأحرف: {n} من {max}',
  'suggest.atLimit': 'بلغ النص الحد الأقصى لطوله.',
  'suggest.textTooLong': 'نص الاقتراح أطول من الحد الأقصى (٢٠٠٠ حرف). يرجى اختصاره.',
  'suggest.nameTooLong': 'الاسم أطول من الحد الأقصى (١٠٠ حرف). يرجى اختصاره.',
} as const;
