// Arabic text of the one burial-date rule: the reasons every door gives for a date it cannot take, the
// one hint that names both calendars, and the save messages that carry the history rule's warnings to the clerk.
export const burialDatesText = {
  'burialDate.hint':
    'بالميلادي مثل ١٥/٣/٢٠٠٤ أو ١٥ مارس ٢٠٠٤، أو بالهجري مثل ٥ رمضان ١٤٢٥ هـ أو ٥/٩/١٤٢٥ هـ. إن لم يُعرف اليوم فاكتب الشهر والسنة أو السنة وحدها.',
  'burialDate.noSuchDay': 'هذا اليوم غير موجود في التقويم. راجع اليوم والشهر.',
  'burialDate.dayNeeded': 'اكتب اليوم والشهر والسنة، مثل ١٥/٣/٢٠٢٤ أو ٥ رمضان ١٤٤٥ هـ.',
  // The ledger's save message: a warning of a saved row, named by the row's name (the row itself leaves the page).
  'burialDate.rowWarning': '«{name}»: {message}',
} as const;
