// Arabic text of a grave's whole life that the public pages show.
// What the public pages show (read by static keys in src/domain/rules/graveMoves.ts): kept apart so that a visitor's
// download carries these lines only, not the console's and the server's.
import { graveMovesPublicText } from './graveMovesPublic';

export const graveLifePublicText = {
  ...graveMovesPublicText,
  // In the history of the grave they left.
  'transfer.movedTo': 'نُقل إلى {place} في {date}.',
  'transfer.movedHeading': 'نُقلت رفاتهم من هذه المقبرة',
  'next.publicLine': 'أول مقبرة متاحة في هذا القسم: {place}.',
  'next.publicNone': 'لا توجد مقبرة متاحة في هذا القسم الآن.',
  'position.directions': 'الاتجاهات إلى المقبرة',
  // Where the grave stands on the plan's rows.
  'position.place': 'الصف {row}، الخانة {place}',
  // A grave named alone, with its section (src/domain/text/graveName.ts): numbers repeat across sections.
  'graveName.numbered': 'المقبرة {number} — {section}',
  'graveName.bones': '{label} — عظام',
  'graveName.in': 'في {grave}',
  'graveName.numberInSection': '{number} — {section}',
  'graveName.pageTitle': '{grave} | {site}',
} as const;
