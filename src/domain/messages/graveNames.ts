// How a grave is named wherever it is named alone (issue 23): numbers repeat across the sections, so the name
// carries the section, «المقبرة ١٢ — رجال». Kept apart so the public pages' download carries only these lines.
export const graveNamesText = {
  'graveName.numbered': 'المقبرة {number} — {section}',
  'graveName.bones': '{label} — عظام',
  'graveName.in': 'في {grave}',
  'graveName.numberInSection': '{number} — {section}',
  'graveName.pageTitle': '{grave} | {site}',
  'graveName.section.men': 'رجال',
  'graveName.section.women': 'نساء',
} as const;
