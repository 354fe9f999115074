// Makes the site's two font files (src/public/fonts/*.woff2) from Noto Kufi Arabic's Arabic subset, keeping only
// the characters a page of this register can show: the Arabic block (every letter a name may hold, the marks,
// Arabic-Indic digits and punctuation) and the bidi controls. Glyphs reached through shaping (initial, medial,
// final forms, ligatures) stay, since the subsetter follows the font's substitution tables.
// Run after changing the font or the range: `node scripts/subset-fonts.mjs` (the results are committed).
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import subsetFont from 'subset-font';

const root = resolve(import.meta.dirname, '..');
const ranges = [
  [0x0600, 0x06ff], // Arabic
  [0x200c, 0x200f], // zero-width joiners and direction marks
  [0x2066, 0x2069], // bidi isolates (used around .com and .net)
  [0x00a0, 0x00a0],
  [0x0020, 0x0020],
];
let text = '';
for (const [from, to] of ranges) for (let c = from; c <= to; c++) text += String.fromCodePoint(c);

for (const weight of [400, 700]) {
  const source = resolve(root, `node_modules/@fontsource/noto-kufi-arabic/files/noto-kufi-arabic-arabic-${weight}-normal.woff2`);
  const input = readFileSync(source);
  const output = await subsetFont(input, text, { targetFormat: 'woff2' });
  const target = resolve(root, `src/public/fonts/noto-kufi-arabic-${weight}.woff2`);
  writeFileSync(target, output);
  console.log(`${weight}: ${input.length} → ${output.length} bytes`);
}
