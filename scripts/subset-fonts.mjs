// Makes the site's two font files (src/public/fonts/*.woff2) from Noto Kufi Arabic's Arabic subset, keeping only
// the characters a page of this register can show (see the ranges below) and the bidi controls. Glyphs reached through shaping (initial, medial,
// final forms, ligatures) stay, since the subsetter follows the font's substitution tables.
// Run after changing the font or the range: `node scripts/subset-fonts.mjs` (the results are committed).
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import subsetFont from 'subset-font';

const root = resolve(import.meta.dirname, '..');
const ranges = [
  // Arabic: the letters (with the Persian/Urdu ones people write in names: پ چ ڤ ک گ ی), the marks, tatweel,
  // Arabic-Indic digits and punctuation. Rarer letters of the block fall back to the system font.
  [0x060c, 0x060c],
  [0x061b, 0x061f],
  [0x0621, 0x063a],
  [0x0640, 0x0671],
  [0x067e, 0x067e],
  [0x0686, 0x0686],
  [0x06a4, 0x06a4],
  [0x06a9, 0x06a9],
  [0x06af, 0x06af],
  [0x06cc, 0x06cc],
  [0x200c, 0x200f], // zero-width joiners and direction marks
  [0x2066, 0x2069], // bidi isolates (used around .com and .net)
  [0x00a0, 0x00a0],
  [0x0020, 0x0020],
];
let text = '';
for (const [from, to] of ranges) for (let c = from; c <= to; c++) text += String.fromCodePoint(c);

for (const weight of [400, 700]) {
  const source = resolve(
    root,
    `node_modules/@fontsource/noto-kufi-arabic/files/noto-kufi-arabic-arabic-${weight}-normal.woff2`,
  );
  const input = readFileSync(source);
  const output = await subsetFont(input, text, { targetFormat: 'woff2' });
  const target = resolve(root, `src/public/fonts/noto-kufi-arabic-${weight}.woff2`);
  writeFileSync(target, output);
  console.log(`${weight}: ${input.length} → ${output.length} bytes`);
}
