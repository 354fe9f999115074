// Draws the home-screen icons of the web app manifest from the site's logo shapes (public/logo.svg): a
// headstone with a crescent on the site's green, filling the square so a phone's mask may cut any shape from it.
// PNG written by hand (zlib only) so no image package is needed. Run: node scripts/make-icons.mjs
import { writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

const GREEN = [0x2f, 0x5d, 0x50];
const STONE = [0xf7, 0xf4, 0xee];

/** The colour at (x, y) of the 64-unit logo square: the logo's shapes, shrunk into the central safe zone. */
function colourAt(x, y) {
  // Maskable icons keep their drawing inside the central 80%: scale the 64-unit drawing around its centre.
  const u = 32 + (x - 32) / 0.8;
  const v = 32 + (y - 32) / 0.8;
  const inStone = (u >= 21 && u <= 43 && v >= 29 && v <= 48) || (v < 29 && (u - 32) ** 2 + (v - 29) ** 2 <= 121);
  // The crescent: a disc (r 6 at 32.5,30) minus a disc (r 4.8 at 34.5,30).
  const inCrescent = (u - 31.5) ** 2 + (v - 30) ** 2 <= 36 && (u - 33.7) ** 2 + (v - 30) ** 2 > 23;
  const inGround = v >= 48.5 && v <= 51.5 && u >= 13 && u <= 51;
  if (inCrescent) return GREEN;
  if (inStone || inGround) return STONE;
  return GREEN;
}

function crcTable() {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
}
const CRC = crcTable();
const crc32 = (bytes) => {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
function chunk(type, data) {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

function png(size) {
  const samples = 4; // 4x4 samples a pixel: smooth edges
  const rows = [];
  for (let py = 0; py < size; py++) {
    const row = Buffer.alloc(1 + size * 3);
    for (let px = 0; px < size; px++) {
      const sum = [0, 0, 0];
      for (let sy = 0; sy < samples; sy++) {
        for (let sx = 0; sx < samples; sx++) {
          const c = colourAt(((px + (sx + 0.5) / samples) * 64) / size, ((py + (sy + 0.5) / samples) * 64) / size);
          for (let i = 0; i < 3; i++) sum[i] += c[i];
        }
      }
      for (let i = 0; i < 3; i++) row[1 + px * 3 + i] = Math.round(sum[i] / samples ** 2);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows), { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

for (const size of [192, 512]) writeFileSync(new URL(`../public/icons/icon-${size}.png`, import.meta.url), png(size));
writeFileSync(
  new URL('../public/icons/icon.svg', import.meta.url),
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">
  <rect width="64" height="64" fill="#2f5d50"/>
  <g transform="translate(6.4 6.4) scale(0.8)">
    <path d="M21 48V29a11 11 0 0 1 22 0v19z" fill="#f7f4ee"/>
    <path d="M35.5 25.5a6 6 0 1 0 0 9 4.8 4.8 0 1 1 0-9z" fill="#2f5d50"/>
    <path d="M13 50h38" stroke="#f7f4ee" stroke-width="3" stroke-linecap="round"/>
  </g>
</svg>
`,
);
