// Arabic text of the data-entry role: its name, what each role may do, and changing an account to it.
export const rolesText = {
  'role.clerk': 'إدخال بيانات',
  'accounts.makeClerk': 'جعله لإدخال البيانات',
  'register.roleHint.manager': 'كل شيء: الحسابات والإعدادات والسجل والاستيراد والحذف.',
  'register.roleHint.admin': 'المقابر والمدفونون: الإضافة والتعديل والحذف ونقل الرفات.',
  'register.roleHint.clerk': 'إضافة المقابر والمدفونين وتصحيحها فقط، دون حذف أو استيراد أو نقل رفات.',
  // The console's bury page, once the burial is recorded: the spec's words, then the grave named with its section.
  'burial.successIn': 'تم الدفن بنجاح! ({grave})',
} as const;
