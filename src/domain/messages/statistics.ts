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
