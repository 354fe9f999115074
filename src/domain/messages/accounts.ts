// Arabic text of session and account control: ended sessions, disabled accounts, roles, last sign-in.
// The line the login page shows for an ended session is kept apart, so the public site's download carries only it.

/** Said by the API to a session that was ended, and by the login page the console sends it to. */
export const sessionEndedText = {
  'errors.sessionEnded': 'تم إنهاء هذه الجلسة. يرجى تسجيل الدخول مرة أخرى.',
  'auth.signedOut': 'تم تسجيل خروجك، ولم يبقَ في هذا المتصفح شيء من عملك في لوحة التحكم.',
} as const;

export const accountsText = {
  'accounts.loginDisabled': 'هذا الحساب معطل. يرجى التواصل مع مدير السجل.',
  'accounts.lastManager': 'لا يمكن تنفيذ ذلك: يجب أن يبقى مدير واحد على الأقل يمكنه تسجيل الدخول.',
  'accounts.roleInvalid': 'يرجى اختيار دور صالح: مدير أو مشرف أو إدخال بيانات.',
  'accounts.disabledInvalid': 'يرجى تحديد تعطيل الحساب أو تفعيله.',
  'accounts.roleChanged': 'تم تغيير دور الحساب، وانتهت جلساته المفتوحة.',
  'accounts.disabledDone': 'تم تعطيل الحساب، وانتهت جلساته المفتوحة.',
  'accounts.enabledDone': 'تم تفعيل الحساب، ويمكنه تسجيل الدخول.',
  'accounts.signedOutEverywhere': 'تم تسجيل الخروج من جميع الأجهزة.',
  'accounts.signedOut': 'تم تسجيل الخروج.',
  'password.current': 'كلمة المرور الحالية',
  'password.currentRequired': 'يرجى إدخال كلمة المرور الحالية لتغييرها.',
  'password.currentWrong': 'كلمة المرور الحالية غير صحيحة.',
  'accounts.sessionsEnded': 'تم إنهاء جميع جلسات الحساب.',
  'accounts.lastLogin': 'آخر دخول',
  'accounts.neverLoggedIn': 'لم يسجل الدخول بعد',
  'accounts.status': 'الحالة',
  'accounts.actions': 'إجراءات الحساب',
  'accounts.active': 'مفعل',
  'accounts.disabled': 'معطل',
  'accounts.disable': 'تعطيل',
  'accounts.enable': 'تفعيل',
  'accounts.makeManager': 'جعله مديرًا',
  'accounts.makeAdmin': 'جعله مشرفًا',
  'accounts.endSessions': 'إنهاء الجلسات',
  'accounts.signOutEverywhere': 'تسجيل الخروج من جميع الأجهزة',
  'accounts.signOutEverywhereHint': 'ينهي كل جلسة مفتوحة لحسابك على أي جهاز، ومنها هذا الجهاز.',
  'accounts.confirmDisable': 'تعطيل حساب {name}؟ لن يتمكن من تسجيل الدخول، وتنتهي جلساته المفتوحة الآن.',
  'accounts.confirmEnable': 'تفعيل حساب {name}؟ سيتمكن من تسجيل الدخول مرة أخرى.',
  'accounts.confirmRole': 'تغيير دور {name} إلى {role}؟ تنتهي جلساته المفتوحة الآن.',
  'accounts.confirmEndSessions': 'إنهاء جميع جلسات {name} المفتوحة؟ يلزمه تسجيل الدخول مرة أخرى.',
  'accounts.confirmSignOutEverywhere': 'تسجيل الخروج من جميع الأجهزة، ومنها هذا الجهاز؟',
  'audit.action.account.role': 'تغيير دور حساب',
  'audit.action.account.disable': 'تعطيل حساب',
  'audit.action.account.enable': 'تفعيل حساب',
  'audit.action.account.signOut': 'إنهاء جلسات حساب',
} as const;
