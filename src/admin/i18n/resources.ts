// The resources' names and fields. Names carry the six forms of polyglot's Arabic rule
// (0 | 1 | 2 | 3–10 | 11–99 | 100+): react-admin asks count 2 for list titles and menus, count 1 for a record,
// count 0 for empty lists, so the third form is the list's title ('المقابر').
import { fill, messages as m } from '../../domain/messages';

export const resourcesArabic = {
  resources: {
    graves: {
      name: 'مقابر |||| مقبرة |||| المقابر |||| مقابر |||| مقبرة |||| مقبرة',
      fields: {
        id: 'المعرف',
        number: m['grave.number'],
        status: m['grave.status'],
        gender: m['grave.gender'],
        daysUntilAvailable: m['admin.daysLeft'],
        buriedPersons: m['burial.name'],
        q: m['admin.search'],
      },
    },
    suggestions: {
      name: 'اقتراحات |||| اقتراح |||| الاقتراحات |||| اقتراحات |||| اقتراحًا |||| اقتراح',
      fields: {
        text: 'نص الاقتراح',
        name: m['suggestion.submittedBy'],
        submittedBy: m['suggestion.submittedBy'],
        phone: m['suggest.phone'],
        status: m['grave.status'],
        createdAt: m['admin.createdAt'],
        q: m['admin.search'],
      },
    },
    articles: {
      name: 'مقالات |||| مقال |||| المقالات |||| مقالات |||| مقالًا |||| مقال',
      fields: {
        title: m['article.title'],
        content: m['article.content'],
        createdAt: m['admin.createdAt'],
      },
      // The edit page's delete button asks in these words ('حذف مقال مقال…' with react-admin's own phrase when
      // a title begins with 'مقال'); the list's delete asks 'هل تريد حذف المقال؟' too.
      message: {
        delete_title: fill(m['admin.articleDeleteTitle'], { title: '{recordRepresentation}' }),
        delete_content: m['articles.confirmDelete'],
      },
    },
    notices: {
      name: 'نعي |||| نعي |||| النعي |||| نعي |||| نعيًا |||| نعي',
      fields: {
        name: m['noticesConsole.name'],
        relations: m['noticesConsole.relations'],
        prayerAt: m['noticesConsole.prayerHeading'],
        prayerDay: m['noticesConsole.prayerDay'],
        prayerTime: m['noticesConsole.time'],
        mosque: m['noticesConsole.mosque'],
        afterPrayer: m['noticesConsole.afterPrayerField'],
        endsAt: m['noticesConsole.endsAt'],
        hidden: m['noticesConsole.hidden'],
        graveId: m['noticesConsole.grave'],
        q: m['noticesConsole.search'],
        status: m['noticesConsole.state'],
      },
    },
    // The corrections families send.
    corrections: {
      name: 'تصحيحات |||| تصحيح |||| تصحيحات الأسر |||| تصحيحات |||| تصحيحًا |||| تصحيح',
      fields: {
        status: m['correctionsConsole.status'],
        gender: m['correctionsConsole.section'],
        createdAt: m['admin.createdAt'],
      },
    },
    // The photos of graves, the families' waiting ones first (the third form is the one lists and menus show).
    photos: {
      name: 'صور |||| صورة |||| صور الأهالي |||| صور |||| صورة |||| صورة',
      fields: {
        status: m['photosConsole.status'],
        gender: m['photosConsole.section'],
        createdAt: m['admin.createdAt'],
      },
    },
    audit: {
      name: 'تعديلات |||| تعديل |||| سجل التعديلات |||| تعديلات |||| تعديلًا |||| تعديل',
      fields: {
        at: m['audit.at'],
        accountEmail: m['audit.account'],
        account: m['audit.account'],
        action: m['audit.action'],
        from: m['audit.from'],
        to: m['audit.to'],
      },
    },
    users: {
      name: 'حسابات |||| حساب |||| الحسابات |||| حسابات |||| حسابًا |||| حساب',
      fields: {
        name: m['register.name'],
        email: m['auth.email'],
        password: m['auth.password'],
        role: m['admin.role'],
        createdAt: m['admin.createdAt'],
        disabled: m['accounts.status'],
        lastLoginAt: m['accounts.lastLogin'],
      },
    },
  },
};
