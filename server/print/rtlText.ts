// Right-to-left text in a PDF drawn by pdfkit. pdfkit shapes Arabic through fontkit (the letters' joined forms) and
// fontkit lays a run of Arabic script out right to left, but neither orders a line that mixes directions (a date's
// Arabic-Indic digits read left to right inside an Arabic sentence) and pdfkit places the words of one call left to
// right. So a line is ordered here by the Unicode bidirectional algorithm (bidi-js), cut into pieces of one
// direction without spaces, and each piece is drawn at its own place, from the left.
import bidiFactory from 'bidi-js';

const bidi = bidiFactory();
/** Characters fontkit lays out right to left (the Arabic blocks): digits among them are reversed before it. */
const ARABIC_SCRIPT = /[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF\uFB50-\uFDFF\uFE70-\uFEFF]/;

export interface Piece {
  /** What to hand pdfkit (logical order for a right-to-left piece; see visualPieces). */
  text: string;
  /** The piece as written (logical order, unmirrored): what a reader copying the text gets (ActualText). */
  written: string;
  /** A space between pieces: its width only. */
  space: boolean;
}

/** The pieces of one line, left to right as they are seen. */
export function visualPieces(line: string): Piece[] {
  const embedding = bidi.getEmbeddingLevels(line, 'rtl');
  const { levels } = embedding;
  const mirrored = bidi.getMirroredCharactersMap(line, levels);
  const order = bidi.getReorderedIndices(line, embedding);
  const pieces: Piece[] = [];
  let current: { indices: number[]; level: number } | null = null;
  const close = () => {
    if (!current) return;
    const { indices, level } = current;
    const chars = indices.map((i) => mirrored.get(i) ?? line[i]!);
    // Seen left to right: a right-to-left piece is its logical text reversed, which fontkit reverses again. A
    // left-to-right piece of Arabic script (digits) would be reversed by fontkit too: it is given reversed.
    const seen = chars.join('');
    const rtl = level % 2 === 1;
    const text = rtl || ARABIC_SCRIPT.test(seen) ? [...chars].reverse().join('') : seen;
    const written = [...indices]
      .sort((a, b) => a - b)
      .map((i) => line[i]!)
      .join('');
    pieces.push({ text, written, space: false });
    current = null;
  };
  for (const i of order) {
    const ch = line[i]!;
    if (/\s/.test(ch)) {
      close();
      pieces.push({ text: ' ', written: ' ', space: true });
      continue;
    }
    const level = levels[i]!;
    const last = current?.indices.at(-1);
    if (current && current.level === level && last !== undefined && Math.abs(last - i) === 1) current.indices.push(i);
    else {
      close();
      current = { indices: [i], level };
    }
  }
  close();
  return pieces;
}

/**
 * What the pieces need of a pdfkit document: a width, a drawing of a text (lineBreak off), and a marked span whose
 * ActualText is the piece as written: the font draws some letters as a shared form and its dots as marks, so the
 * glyphs alone would read back as other letters (ج as ح) when the text is copied or extracted.
 */
export interface TextSurface {
  widthOfString(text: string): number;
  text(text: string, x: number, y: number, options: { lineBreak: false }): unknown;
  markContent(tag: 'Span', options: { actual: string }): unknown;
  endMarkedContent(): unknown;
}

export function lineWidth(doc: TextSurface, pieces: readonly Piece[]): number {
  return pieces.reduce((w, p) => w + doc.widthOfString(p.text), 0);
}

/** Draws a line so that it ends at `right` (right-aligned, as Arabic is), or starts at `left` when given. */
export function drawLine(doc: TextSurface, line: string, y: number, at: { right: number } | { left: number }): number {
  const pieces = visualPieces(line);
  const width = lineWidth(doc, pieces);
  let x = 'right' in at ? at.right - width : at.left;
  doc.markContent('Span', { actual: line });
  for (const piece of pieces) {
    if (!piece.space) doc.text(piece.text, x, y, { lineBreak: false });
    x += doc.widthOfString(piece.text);
  }
  doc.endMarkedContent();
  return width;
}
