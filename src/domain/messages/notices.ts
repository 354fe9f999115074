// Issue 25: the words that name a notice's parts, read by the console, the public pages and the preview images
// (static properties only, so a page's download keeps just the strings it shows).
export const noticeWordsText = {
  'notice.for.men': 'للرجال',
  'notice.for.women': 'للسيدات',
  'notice.for.all': 'للرجال والسيدات',
} as const;
