// The site's font, Noto Kufi Arabic, as TrueType files from its npm package: what the preview cards are drawn with
// (preview.ts) and what the plates' text is measured with (plate.ts), so both see the letters a visitor sees.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const FONT_PACKAGE = '@expo-google-fonts/noto-kufi-arabic';
export const FONTS = {
  bold: {
    file: require.resolve(`${FONT_PACKAGE}/700Bold/NotoKufiArabic_700Bold.ttf`),
    family: 'Noto Kufi Arabic Bold',
  },
  regular: {
    file: require.resolve(`${FONT_PACKAGE}/400Regular/NotoKufiArabic_400Regular.ttf`),
    family: 'Noto Kufi Arabic',
  },
} as const;

export type FontWeight = keyof typeof FONTS;
