// Arabic text of the committee's planning: the capacity forecast's sentences (src/domain/statistics), the console's
// statistics page (the forecast, the what-if, the years in pictures), the home page's summary and the yearly
// register book. In the register of ../shared/ui-text-ar.md: plain, dignified, short.
import type { CountedNoun } from '../text/format';

export const statisticsText = {
  'forecast.sectionMen': 'قسم الرجال',
  'forecast.sectionWomen': 'قسم النساء',
  /** Both ends of the range within the months asked: «يُتوقع أن يمتلئ قسم الرجال بين مارس ٢٠٢٨ ويونيو ٢٠٢٩». */
  'forecast.between': 'يُتوقع أن يمتلئ {section} بين {low} و{high}.',
  'forecast.in': 'يُتوقع أن يمتلئ {section} في {month}.',
  /** Only when deaths run high does the section fill within the months asked. */
  'forecast.mayFill':
    'قد يمتلئ {section} ابتداءً من {low} إن زادت الوفيات على المعتاد، وقد يبقى فيه مكان إلى ما بعد {last}.',
  'forecast.notWithin': 'لا يُتوقع أن يمتلئ {section} خلال {months}.',
  'forecast.never': 'لا يُتوقع أن يمتلئ {section} بهذا المعدل: تُتاح فيه المقابر أسرع مما تُشغل.',
  'forecast.noHistory': 'لا يوجد في {section} سجل دفن يكفي لتقدير موعد امتلائه بعد.',
  /** The API's refusals of its query. */
  'forecast.monthsInvalid': 'عدد الأشهر يجب أن يكون عددًا صحيحًا من {min} إلى {max}.',
  'forecast.addInvalid': 'عدد المقابر المضافة يجب أن يكون عددًا صحيحًا من ٠ إلى {max}.',
  'forecast.sectionInvalid': 'القسم يجب أن يكون الرجال أو النساء.',

  // The console's statistics page.
  'statisticsPage.menu': 'الإحصاءات والتوقعات',
  'statisticsPage.title': 'الإحصاءات والتوقعات',
  'statisticsPage.forecastHeading': 'متى تمتلئ الأقسام؟',
  'statisticsPage.forecastIntro':
    'يُحسب التوقع من سجل الدفن في كل قسم خلال السنوات الأخيرة ومن مدة الراحة: تعود المقبرة متاحة بعد انقضائها. المدى المظلل في الرسم هو ما يُتوقع أن تقع فيه المقابر المتاحة إن قلّت الوفيات أو زادت.',
  'statisticsPage.availableNow': 'متاحة الآن',
  'statisticsPage.expectedPerMonth': 'الدفن المتوقع في الشهر',
  'statisticsPage.expectedRange': '{mean} (بين {low} و{high})',
  'statisticsPage.freeChart': 'المقابر المتاحة في {section} خلال {months}',
  'statisticsPage.month': 'الشهر',
  'statisticsPage.expectedFree': 'المتوقع',
  'statisticsPage.lowFree': 'إن زادت الوفيات',
  'statisticsPage.highFree': 'إن قلّت الوفيات',
  'statisticsPage.freeing': 'تنتهي راحتها',
  'statisticsPage.whatIfLabel': 'مقابر تُضاف إلى {section}',
  'statisticsPage.whatIfHint': 'اكتب عدد المقابر الجديدة لترى أثرها في موعد الامتلاء.',
  'statisticsPage.whatIfInvalid': 'اكتب عددًا صحيحًا من ٠ إلى {max}.',
  'statisticsPage.whatIfMoved': 'بإضافة {graves} يتأخر أول موعد متوقع للامتلاء {months}.',
  'statisticsPage.whatIfSame': 'لا تغيّر هذه الإضافة أول موعد متوقع للامتلاء.',
  'statisticsPage.whatIfResult': 'بعد الإضافة',
  'statisticsPage.loadFailed': 'تعذر تحميل الإحصاءات. حاول مرة أخرى.',
  'statisticsPage.yearsHeading': 'السنوات في صور',
  'statisticsPage.calendar': 'التقويم',
  'statisticsPage.gregorian': 'ميلادي',
  'statisticsPage.hijri': 'هجري',
  'statisticsPage.burialsPerMonth': 'حالات الدفن في كل شهر',
  'statisticsPage.burialsPerYear': 'حالات الدفن في كل سنة',
  'statisticsPage.transfersPerYear': 'الرفات المنقولة إلى العظام في كل سنة',
  'statisticsPage.receivedPerMonth': 'ما أرسلته الأسر في كل شهر',
  'statisticsPage.men': 'رجال',
  'statisticsPage.women': 'نساء',
  'statisticsPage.year': 'السنة',
  'statisticsPage.transfers': 'الرفات المنقولة',
  'statisticsPage.photos': 'صور المقابر',
  'statisticsPage.corrections': 'التصحيحات',
  'statisticsPage.hijriYear': '{year} هـ',
  'statisticsPage.tableOf': 'جدول: {chart}',
  'statisticsPage.registerBook': 'سجل الدفن السنوي',

  // The yearly register book (the PDF and its page in the console).
  'registerBook.titleYear': 'سجل الدفن لعام {year}',
  'registerBook.titleAll': 'سجل الدفن الكامل',
  'registerBook.ofSection': '{title} — قسم {section}',
  'registerBook.gregorianYear': '{year}م',
  'registerBook.hijriYear': '{year} هـ',
  'registerBook.page': 'صفحة {page} من {pages}',
  'registerBook.number': 'م',
  'registerBook.section': 'القسم',
  'registerBook.grave': 'رقم المقبرة',
  'registerBook.name': 'اسم المتوفى',
  'registerBook.gregorian': 'تاريخ الدفن (ميلادي)',
  'registerBook.hijri': 'تاريخ الدفن (هجري)',
  'registerBook.total': 'مجموع حالات الدفن: {count}',
  'registerBook.sectionTotal': 'قسم {section}: {count}',
  'registerBook.empty': 'لا توجد حالات دفن مسجلة في هذه المدة.',
  'registerBook.capped': 'يتوقف هذا السجل عند {max} حالة دفن؛ اطلب سنة أو قسمًا لطباعة الباقي.',
  'registerBook.printedOn': 'طُبع في {date}',
  'registerBook.yearInvalid': 'السنة يجب أن تكون عددًا صحيحًا من {min} إلى {max} في التقويم المختار.',
  'registerBook.calendarInvalid': 'التقويم يجب أن يكون الميلادي أو الهجري.',
  'registerBook.sectionInvalid': 'القسم يجب أن يكون الرجال أو النساء أو العظام.',
  'registerBook.yearRequired': 'اختر سنة، أو قسمًا لطباعة سجله الكامل.',
  'registerBook.menu': 'سجل الدفن السنوي',
  'registerBook.year': 'السنة',
  'registerBook.calendar': 'التقويم',
  'registerBook.allSections': 'كل الأقسام',
  'registerBook.show': 'عرض السجل',
  'registerBook.print': 'طباعة',
  'registerBook.download': 'تنزيل السجل ملفًا للطباعة',
} as const;

/** Months counted, after خلال: «شهر واحد», «شهرين», «٣ أشهر», «٣٦ شهرًا». */
export const monthNoun: CountedNoun = {
  one: 'شهر واحد',
  two: 'شهران',
  twoGenitive: 'شهرين',
  few: '{n} أشهر',
  many: '{n} شهرًا',
  other: '{n} شهر',
};
