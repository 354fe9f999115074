// Arabic text of the login and suggestion throttles: how long to wait, and the audit of a sign-in
// after wrong passwords. {wait} is formatWaitMinutes() of src/domain/text/nouns.ts (بعد ١٥ دقيقة).
export const throttleText = {
  'auth.accountThrottled': 'أُدخلت كلمة مرور خاطئة لهذا الحساب مرات كثيرة. يرجى المحاولة بعد {wait}.',
  'auth.clientThrottled': 'محاولات دخول كثيرة من هذا الجهاز. يرجى المحاولة بعد {wait}.',
  // One address giving wrong passwords over many accounts: the address is what a person knows as their network.
  'auth.addressThrottled': 'أُدخلت كلمات مرور خاطئة كثيرة من هذه الشبكة. يرجى المحاولة بعد {wait}.',
  'suggest.tooManyWait': 'أرسلت اقتراحات كثيرة خلال وقت قصير. يرجى المحاولة بعد {wait}.',
  'audit.action.account.login': 'دخول بعد كلمات مرور خاطئة',
  'audit.failures': 'المحاولات الخاطئة قبله',
} as const;
