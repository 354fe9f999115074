// Arabic text of bringing a paper register in: graves by range, burials typed from the ledger, the
// spreadsheet import and its undo, and the history rule's reasons and warnings. Same register as the shared copy:
// plain, short, respectful Modern Standard Arabic. Counts and dates arrive already formatted (ar-EG digits).
export const registerText = {
  'grave.rangeInvalid': 'بداية النطاق ونهايته يجب أن تكونا عددين صحيحين من ١ إلى ١٠٠٠٠٠، والبداية لا تزيد على النهاية.',
  'grave.rangeTooLarge': 'لا يمكن إضافة أكثر من {max} مقبرة في المرة الواحدة. قسّم النطاق إلى أجزاء أصغر.',
  'grave.rangeBones': 'مقابر العظام تُضاف بأسمائها واحدة واحدة، لا بنطاق من الأرقام.',
  'grave.rangeCreated': 'تمت إضافة {created}، وكان {skipped} موجودًا من قبل.',
  'burial.dateUnreadable':
    'تاريخ الدفن غير مفهوم. اكتبه بالميلادي مثل ١٥/٣/٢٠٠٤، أو بالهجري مثل ٥ رمضان ١٤٢٥ هـ أو ٥/٩/١٤٢٥ هـ، أو الشهر والسنة، أو السنة وحدها.',
  'burial.dateMissing': 'تاريخ الدفن مطلوب. إذا لم يُعرف اليوم فاكتب السنة وحدها.',
  'burial.notesTooLong': 'الملاحظات لا تزيد على {max} حرف.',
  'burial.fullAtDate': 'لا يمكن تسجيل هذا الدفن: المقبرة مسجلة ممتلئة بعد آخر دفن فيها، وهذا التاريخ يأتي بعده.',
  'history.restingAfterPrevious':
    'تنبيه: دُفن في هذه المقبرة «{name}» في {date}، أي قبل هذا الدفن بـ{days} فقط، وهي أقل من مدة الراحة. حُفظ الدفن كما في السجل.',
  'history.restingBeforeNext':
    'تنبيه: دُفن في هذه المقبرة «{name}» في {date}، أي بعد هذا الدفن بـ{days} فقط، وهي أقل من مدة الراحة. حُفظ الدفن كما في السجل.',
  'import.graveUnknown': 'لا توجد مقبرة رقم {number} في قسم {section}. أضفها أولًا، أو اختر إنشاءها مع هذا الدفن.',
  'import.sectionInvalid': 'القسم غير معروف: اكتب رجال أو نساء أو عظام.',
  'import.duplicate': 'هذا الدفن مسجل من قبل (القسم والرقم والاسم والتاريخ نفسها)، فلم يُضف مرة أخرى.',
  'import.fileUnreadable': 'تعذرت قراءة الملف. أرسل ملف جداول من إكسل أو ليبر أوفيس، أو ملفًا نصيًا قيمه مفصولة بفواصل.',
  'import.fileEmpty': 'الملف لا يحتوي على صفوف بعد سطر العناوين.',
  'import.fileTooLarge': 'الملف أكبر من المسموح ({max} ميغابايت). قسّمه إلى ملفات أصغر.',
  'import.tooManyRows': 'الملف فيه أكثر من {max} صف. قسّمه إلى ملفات أصغر.',
  'import.columnsMissing':
    'لم يُعثر في الملف على عمود: {columns}. سمِّ الأعمدة في السطر الأول: القسم، رقم المقبرة، الاسم، تاريخ الدفن، ملاحظات.',
  'import.mappingInvalid': 'ربط الأعمدة المرسل غير صالح: يجب أن يذكر لكل حقل عنوان عمود موجود في الملف.',
  'import.rowsInvalid': 'يجب إرسال صف واحد على الأقل، ولا تزيد الصفوف على ١٠٠٠ صف.',
  'import.batchNotFound': 'دفعة الإدخال غير موجودة.',
  'import.batchUndone': 'تم التراجع عن هذه الدفعة من قبل.',
  // An undo refused because the batch changed since: the first change by name, and how many there are.
  'import.undoChangedOne': 'لا يمكن التراجع عن هذه الدفعة، ولم يُحذف شيء: {change}.',
  'import.undoChangedMany':
    'لا يمكن التراجع عن هذه الدفعة، ولم يُحذف شيء: {change}. عدد ما تغيّر مما أدخلته منذ حفظها: {count}.',
  'import.changeMoved': 'نُقلت رفات «{name}» من {from} إلى قسم العظام {to} في {date}',
  'import.changeCorrected': 'صُحّحت بيانات دفن «{name}» في {grave}',
  'import.changeDeleted': 'حُذف دفن «{name}» من {grave}',
  'import.changeDeletedUnnamed': 'حُذف بعض ما أدخلته من الدفنات (عددها {count})',
  'import.changeOtherBurial': 'دُفن «{name}» في {grave}، وهي مقبرة أنشأتها هذه الدفعة',
  'import.batchUndoneNow': 'تم التراجع عن الدفعة، وحُذف ما أدخلته.',
  'import.tooManyLines':
    'الملف فيه أكثر من {max}، والأسطر الفارغة محسوبة. احذف الأسطر الفارغة في آخر الجدول، أو قسّمه إلى ملفات أصغر.',
  'import.tooManyColumns':
    'السطر {line} فيه أكثر من {max}. أرسل جدول السجل وحده بأعمدته: القسم ورقم المقبرة والاسم وتاريخ الدفن.',
  'import.cellTooLong': 'في السطر {line} خانة أطول من {max}، ولا يكون اسم ولا ملاحظة بهذا الطول. راجع الملف ثم أرسله.',
  'import.unpackedTooLarge':
    'ملف الجداول يكبر عند فتحه إلى أكثر من {max} ميغابايت، وهذا أكبر من أي سجل. احفظ الجدول وحده في ملف جديد، أو قسّمه إلى ملفات أصغر.',
  'import.archiveSuspicious':
    'ملف الجداول هذا مضغوط على نحو غير معتاد، إذ يكبر جزء منه أكثر من {ratio} مرة عند فتحه، فلم يُفتح. احفظ الجدول من جديد في برنامج الجداول ثم أرسله.',
  'import.archiveTooManyParts':
    'ملف الجداول فيه أكثر من {max} جزء، وهذا ليس شكل جدول سجل. احفظ الجدول وحده في ملف جديد.',
  'import.tooSlow': 'استغرقت قراءة الملف أكثر من {max} فتوقفت، ولم يُحفظ شيء. قسّمه إلى ملفات أصغر ثم أرسلها.',
  'import.tooComplex':
    'الملف أكبر أو أعقد مما يمكن قراءته، فلم يُقرأ ولم يُحفظ شيء. احفظ الجدول وحده في ملف جديد، أو قسّمه إلى ملفات أصغر.',
  'import.brokenCharacter':
    'في السطر {line} حرف تالف لا يُقرأ، فلم يُقرأ الملف حتى لا تخرج الأسماء مشوهة. احفظه من جديد من برنامج الجداول نصًا مفصولًا بفواصل بترميز يونيكود، ثم أرسله.',
  'import.readerBusy': 'يُقرأ ملف آخر الآن. أعد المحاولة بعد دقيقة.',
  'import.busy': 'تغيّر السجل أثناء الحفظ. أعد المحاولة.',
  'field.from': 'بداية النطاق',
  'field.to': 'نهاية النطاق',
  'field.rows': 'الصفوف',
} as const;
