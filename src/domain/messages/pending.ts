// What a visitor is told when what waits for the committee has reached its caps (src/domain/rules/pending.ts), when a
// correction's texts are of the wrong kind, and how the console says when a waiting photo will be removed. In the
// register of ../shared/ui-text-ar.md: plain, dignified.
export const pendingText = {
  'pending.photosGrave':
    'صور كثيرة لهذه المقبرة ما زالت تنتظر مراجعة لجنة المقبرة، فلا يمكن إرسال صورة أخرى لها الآن. يرجى المحاولة بعد مراجعتها.',
  'pending.photosClient':
    'ما زالت صور كثيرة أرسلتها تنتظر مراجعة لجنة المقبرة. يمكنك إرسال صور أخرى بعد أن تراجعها اللجنة.',
  'pending.photosRegister':
    'لا يتسع السجل الآن لصور جديدة تنتظر المراجعة. يرجى المحاولة لاحقًا، بعد أن تراجع لجنة المقبرة الصور المرسلة.',
  'pending.correctionsGrave':
    'تصحيحات كثيرة لمن في هذه المقبرة ما زالت تنتظر مراجعة لجنة المقبرة. يرجى المحاولة بعد مراجعتها.',
  'pending.correctionsClient':
    'ما زالت تصحيحات كثيرة أرسلتها تنتظر مراجعة لجنة المقبرة. يمكنك إرسال تصحيحات أخرى بعد أن تراجعها اللجنة.',
  'pending.correctionsRegister':
    'لا يتسع السجل الآن لتصحيحات جديدة تنتظر المراجعة. يرجى المحاولة لاحقًا، بعد أن تراجع لجنة المقبرة التصحيحات المرسلة.',
  'correction.noteTooLong': 'الملاحظة أطول من الحد الأقصى (١٠٠٠ حرف). يرجى اختصارها.',
  'correction.reasonTooLong': 'سبب الرفض أطول من الحد الأقصى (٥٠٠ حرف). يرجى اختصاره.',
  'photosConsole.expiresAt': 'تُحذف في {date} إن لم تُعتمد',
  'audit.action.photo.expire': 'حذف صورة لم تُراجع في مدتها',
} as const;
