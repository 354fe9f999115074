// The lines of a move of remains that the home page's search shows beside a person: apart from the
// rest of graveLifePublic.ts so that the home page's first download carries these three only.
export const graveMovesPublicText = {
  // Beside a person in a bone section.
  'transfer.movedFrom': 'نُقلت رفاته من {place} في {date}.',
  'transfer.placeMen': 'مقبرة رجال رقم {number}',
  'transfer.placeWomen': 'مقبرة نساء رقم {number}',
} as const;
