// The empty register's words: kept apart from the setup page's, since the public home page (its
// search) carries them and its bundle has a budget.
export const emptyRegisterText = {
  'empty.register': 'لم تُسجَّل أي مقبرة في السجل بعد.',
  'empty.section': 'لم تُسجَّل أي مقبرة في هذا القسم بعد.',
  'empty.search': 'السجل فارغ: لم تُسجَّل فيه أي مقبرة بعد، فلا يوجد ما يُبحث فيه.',
} as const;
