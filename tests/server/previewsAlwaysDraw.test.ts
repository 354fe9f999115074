// A shared link's preview image and a grave's plate draw for any text. Through the real server on both engines: a
// grave whose buried person's name is one unbroken word of the field's 200 letters, a notice with the longest name,
// mosque and relations, a village and a cemetery named by one long word, and a bone grave labelled by 100 letters
// answer their preview PNGs and plates (both sizes), never a 500. Then drawn directly, for random Arabic and Latin
// strings up to each field's limit (a title up to 2,000 letters, beyond any field): a preview's margins and the band
// under its text stay the card's colour (no text passes its box, none is refused for its size), and every line of a
// plate, drawn by librsvg, leaves the bands beside its place white.
import fc from 'fast-check';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drawPlate, type PlateSize, type PlateText } from '../../server/images/plate';
import { drawPreview } from '../../server/images/preview';
import { IDENTITY_LIMITS } from '../../src/domain/identity/identityRules';
import { LIMITS } from '../../src/domain/rules/validation';
import { PREVIEW_HEIGHT, PREVIEW_WIDTH, type PreviewCard } from '../../src/domain/text/pageHead';
import type { Grave } from '../../src/domain/types';
import { bury, makeGrave, signIn } from '../support/fixtures';
import { ENGINES } from '../support/postgres';
import { startTestServer, type TestServer } from '../support/server';
import { call } from './helpers';

const ARABIC_LETTERS = [...'ابتثجحخدذرزسشصضطظعغفقكلمنهويءآأؤإئةى'];
const LATIN_LETTERS = [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'];

/** One unbroken word, or words, of Arabic or Latin letters (the hardest: wide ones repeated), up to `max`. */
const text = (max: number, min = 1) =>
  fc.oneof(
    fc.string({ unit: fc.constantFrom(...ARABIC_LETTERS), minLength: min, maxLength: max }),
    fc.string({ unit: fc.constantFrom(...LATIN_LETTERS), minLength: min, maxLength: max }),
    fc.string({ unit: fc.constantFrom(...ARABIC_LETTERS, ...LATIN_LETTERS, ' '), minLength: min, maxLength: max }),
    fc
      .tuple(fc.constantFrom('س', 'ش', 'W', 'M', 'م', 'ص'), fc.integer({ min, max }))
      .map(([letter, count]) => letter.repeat(count)),
  );

async function png(url: string) {
  const res = await fetch(url);
  const bytes = Buffer.from(await res.arrayBuffer());
  return { status: res.status, meta: res.status === 200 ? await sharp(bytes).metadata() : null };
}

describe.each(ENGINES)('previews and plates of the longest names, on $name', ({ databaseUrl }) => {
  let s: TestServer;
  let manager: string;
  let grave: Grave;
  let bones: Grave;
  let noticeId: string;

  beforeAll(async () => {
    s = await startTestServer({ seed: 'accounts', databaseUrl });
    manager = await signIn(s, 'manager');
    const settings = await call(s.api, 'PUT', '/settings', {
      token: manager,
      body: {
        villageName: 'ق'.repeat(IDENTITY_LIMITS.villageNameMax),
        cemeteryName: 'W'.repeat(IDENTITY_LIMITS.cemeteryNameMax),
        // Plates are printed only once the site's address is set (they carry it for good).
        siteUrl: 'https://plates.example.org',
      },
    });
    expect(settings.status, JSON.stringify(settings.body)).toBe(200);
    grave = await makeGrave(s, manager, 'men', 34);
    grave = await bury(s, manager, grave._id, 'م'.repeat(LIMITS.burialNameMax), '2020-05-01');
    bones = await makeGrave(s, manager, 'bones', 'ع'.repeat(LIMITS.boneLabelMax));
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const notice = await call<{ id: string }>(s.api, 'POST', '/notices', {
      token: manager,
      body: {
        name: 'M'.repeat(LIMITS.burialNameMax),
        relations: 'ش'.repeat(LIMITS.noticeRelationsMax),
        prayerAt: `${tomorrow}T15:30`,
        mosque: 'ص'.repeat(LIMITS.noticeMosqueMax),
        afterPrayer: 'W'.repeat(LIMITS.noticeAfterPrayerMax),
      },
    });
    expect(notice.status, JSON.stringify(notice.body)).toBe(201);
    noticeId = notice.body.id;
  });
  afterAll(async () => s?.close());

  it('draws the preview of a grave, a notice and the site whose words are one long word each', async () => {
    for (const path of [
      '/site/preview.png',
      `/site/preview/grave/${grave._id}.png`,
      `/site/preview/notice/${noticeId}.png`,
    ]) {
      const image = await png(`${s.url}${path}`);
      expect(image.status, path).toBe(200);
      expect([image.meta?.format, image.meta?.width, image.meta?.height], path).toEqual([
        'png',
        PREVIEW_WIDTH,
        PREVIEW_HEIGHT,
      ]);
    }
  });

  it('draws the plates of a grave in a village of one long word, and of a bone grave of a 100-letter label', async () => {
    for (const id of [grave._id, bones._id]) {
      for (const size of ['sticker', 'plate'] as const) {
        const res = await fetch(`${s.api}/graves/${id}/plate.svg?size=${size}`);
        expect(res.status, `${id} ${size}`).toBe(200);
        const svg = await res.text();
        expect(svg).toContain('<svg');
        expect(await inkOutsidePlaces(svg, size), `${id} ${size}`).toEqual([]);
      }
    }
  });
});

/** The card's colour, and whether a pixel is it (the PNG's palette may move it by a step). */
async function previewMargins(bytes: Buffer): Promise<string[]> {
  const { data, info } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (x: number, y: number) => (y * info.width + x) * info.channels;
  const ground = [...data.subarray(at(2, 2), at(2, 2) + 3)];
  const found: string[] = [];
  const check = (name: string, x0: number, x1: number, y0: number, y1: number) => {
    for (let y = y0; y < y1; y++) {
      for (let x = x0; x < x1; x++) {
        const p = at(x, y);
        if ([0, 1, 2].some((c) => Math.abs(data[p + c]! - ground[c]!) > 6)) {
          found.push(`${name} at ${x},${y}`);
          return;
        }
      }
    }
  };
  // The text's column is 80 to 1120 px across; nothing is drawn below 590.
  check('left margin', 0, 78, 0, info.height);
  check('right margin', 1122, info.width, 0, info.height);
  check('bottom', 0, info.width, 592, info.height);
  return found;
}

/** The plate drawn by librsvg; the bands (mm) beside each line's place that no letter may reach. */
async function inkOutsidePlaces(svg: string, size: PlateSize): Promise<string[]> {
  const density = 150;
  const { data, info } = await sharp(Buffer.from(svg), { density })
    .flatten({ background: '#fff' })
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  // The drawing's own scale: its width in pixels over the plate's in millimetres.
  const px = (mm: number) => Math.round((mm * info.width) / (size === 'sticker' ? 50 : 100));
  const found: string[] = [];
  const white = (name: string, x0: number, x1: number, y0: number, y1: number) => {
    for (let y = px(y0); y < Math.min(px(y1), info.height); y++) {
      for (let x = px(x0); x < Math.min(px(x1), info.width); x++) {
        if (data[y * info.width + x]! < 200) {
          found.push(`${name} at ${x},${y}`);
          return;
        }
      }
    }
  };
  if (size === 'sticker') {
    // Every line is centred in 44 or 46 mm of the 50.
    white('left edge', 0, 1.8, 0, 50);
    white('right edge', 48.2, 50, 0, 50);
  } else {
    // The right column's lines (57 to 95 mm), between the code and the border; the address under the code (6 to 54).
    white('between the code and the column', 55.3, 56.7, 5, 65);
    white('between the column and the border', 95.3, 98, 5, 65);
    white('left of the address', 1.9, 5.7, 56, 65);
    white('right of the address', 54.3, 56.7, 56, 65);
  }
  return found;
}

describe('any text draws', () => {
  it(
    'a preview card of random words up to each field’s limit, a title up to 2,000 letters',
    { timeout: 600_000 },
    async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.record({
            header: text(IDENTITY_LIMITS.cemeteryNameMax + IDENTITY_LIMITS.villageNameMax + 3),
            lead: fc.option(text(LIMITS.noticeAfterPrayerMax), { nil: null }),
            title: text(2000),
            lines: fc.array(text(LIMITS.noticeRelationsMax), { maxLength: 3 }),
          }),
          async (words) => {
            const card: PreviewCard = { ...words, themeColor: '#35524a', logo: null };
            const bytes = await drawPreview(card, async () => null);
            const meta = await sharp(bytes).metadata();
            expect([meta.format, meta.width, meta.height]).toEqual(['png', PREVIEW_WIDTH, PREVIEW_HEIGHT]);
            expect(await previewMargins(bytes)).toEqual([]);
          },
        ),
        { numRuns: 25 },
      );
    },
  );

  it('a card whose lead, title or lines are only spaces or invisible marks draws without them', async () => {
    // Found by the property above: a lead of one space made sharp refuse the card ("no text to render").
    for (const blank of [' ', '\u200f', ' \u200c\n\t']) {
      const card: PreviewCard = {
        header: 'س',
        lead: blank,
        title: blank,
        lines: [blank, 'ا'],
        themeColor: '#35524a',
        logo: null,
      };
      const meta = await sharp(await drawPreview(card, async () => null)).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['png', PREVIEW_WIDTH, PREVIEW_HEIGHT]);
    }
  });

  it('a plate of random words up to each field’s limit, each line within its place', { timeout: 600_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          village: text(IDENTITY_LIMITS.villageNameMax),
          number: fc.oneof(text(LIMITS.boneLabelMax), fc.integer({ min: 1, max: LIMITS.graveNumberMax }).map(String)),
          address: fc.string({
            unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789.-/:WM'),
            minLength: 1,
            maxLength: IDENTITY_LIMITS.urlMax + 12,
          }),
        }),
        fc.constantFrom<PlateSize>('sticker', 'plate'),
        async (words, size) => {
          const text: PlateText = {
            qrText: 'HTTPS://EXAMPLE.COM/G/M317',
            address: words.address,
            section: 'مقبرة العظام',
            number: words.number,
            village: words.village,
            title: words.number,
          };
          const plate = await drawPlate(text, size);
          expect(await inkOutsidePlaces(plate.svg, size)).toEqual([]);
        },
      ),
      { numRuns: 60 },
    );
  });
});
