// What a visitor reads: a grave emptied by a move of its remains says so (src/public reads it by
// a static key, through src/domain/text/graveLifeText.ts).
export const transferPublicText = {
  'transfer.emptiedPublic': 'نُقلت رفات من كانوا فيها إلى العظام',
} as const;
