// The CRC-32 of two texts put end to end, from the CRC of each and the second's length, without reading either
// again. A section's gzip copy (sectionCopies.ts) is made of runs kept apart: its trailer needs the CRC of the whole
// text, and reading 2 MB to find it after every write cost a millisecond a build in each process.
//
// CRC-32 is a remainder of polynomials over GF(2) (gzip's, bit-reversed: bit 31 is x^0). Appending n bytes to A
// multiplies A's remainder by x^(8n) before B's is added, and the conditioning both CRCs carry (the inverted first
// and last register) cancels in that sum, so crc(A ‖ B) = crc(A) · x^(8n) mod P  xor  crc(B).

/** gzip's polynomial, bit-reversed. */
const POLY = 0xedb88320;
/** x^0 in the bit-reversed form. */
const ONE = 0x80000000;

/** a · b mod P. */
function times(a: number, b: number): number {
  let product = 0;
  let term = b;
  for (let bit = ONE; bit !== 0; bit >>>= 1) {
    if ((a & bit) !== 0) product ^= term;
    // term · x: one place toward the high powers, reduced by P when it passes x^31.
    term = (term & 1) !== 0 ? (term >>> 1) ^ POLY : term >>> 1;
  }
  return product >>> 0;
}

/** x^(2^k) mod P for k = 0…63: x^(8n) is the product of those whose bits n·8 sets. */
const SQUARES: number[] = [ONE >>> 1];
for (let k = 1; k < 64; k++) SQUARES.push(times(SQUARES[k - 1]!, SQUARES[k - 1]!));

/** x^(8·bytes) mod P. */
function shiftBy(bytes: number): number {
  let power = ONE;
  // bytes · 8 = bytes · 2^3: its bits, read from bit 3 on.
  for (let k = 3, rest = bytes; rest > 0; k++, rest = Math.floor(rest / 2)) {
    if (rest % 2 === 1) power = times(power, SQUARES[k]!);
  }
  return power;
}

/** The CRC-32 of A ‖ B, given crc32(A), crc32(B) and B's length in bytes. */
export function crc32Combine(crcA: number, crcB: number, lengthB: number): number {
  return (times(shiftBy(lengthB), crcA) ^ crcB) >>> 0;
}
