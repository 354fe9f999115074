// Arabic text of a grave's whole life (issue 13): remains moved to the ossuary, and what the pages say of them.
// Same register as ui-text-ar.md: plain, short, respectful.
export const graveLifeText = {
  'transfer.done': 'نُقلت رفات {people} إلى {place}.',
  'transfer.targetNotBones': 'تُنقل الرفات إلى قسم من أقسام العظام فقط.',
  'transfer.targetNotFound': 'قسم العظام المختار غير موجود.',
  'transfer.sourceIsBones': 'هذه مقبرة من أقسام العظام: الرفات فيها منقولة من قبل.',
  'transfer.nobody': 'لا يوجد في هذه المقبرة من تُنقل رفاته.',
  'transfer.personNotHere': 'أحد المختارين ليس مدفونًا في هذه المقبرة.',
  'transfer.dateInvalid': 'تاريخ النقل غير صالح. اكتبه بالصيغة سنة-شهر-يوم، مثل 2024-03-15.',
  'transfer.dateFuture': 'لا يمكن أن يكون تاريخ النقل بعد اليوم.',
  'transfer.dateBeforeBurial': 'لا يمكن أن يكون تاريخ النقل قبل تاريخ دفن {name}.',
  // Beside a person in a bone section, and in the history of the grave they left.
  'transfer.movedFrom': 'نُقلت رفاته من {place} في {date}.',
  'transfer.movedTo': 'نُقل إلى {place} في {date}.',
  'transfer.placeMen': 'مقبرة رجال رقم {number}',
  'transfer.placeWomen': 'مقبرة نساء رقم {number}',
  'transfer.movedHeading': 'نُقلت رفاتهم من هذه المقبرة',
  'reopen.done': 'أُعيد فتح المقبرة وأُزيلت علامة الامتلاء.',
  'reopen.notFull': 'هذه المقبرة ليست ممتلئة، فلا حاجة إلى إعادة فتحها.',
  'reopen.resting':
    'لا يمكن إعادة فتح المقبرة الآن: آخر دفن فيها كان في {date}، وتصبح متاحة بعد {days}. انقل الرفات إلى قسم العظام أولًا أو انتظر.',
  'reopen.reasonRequired': 'اكتب سبب إعادة فتح المقبرة (حتى ٥٠٠ حرف).',
  'audit.action.grave.reopen': 'إعادة فتح مقبرة ممتلئة',
  'audit.action.burial.transfer': 'نقل رفات إلى قسم العظام',
} as const;
