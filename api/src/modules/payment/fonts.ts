import { createRequire } from 'node:module';

/**
 * PT Sans (ParaType, SIL Open Font License 1.1: embedding in documents allowed), shipped by the
 * npm package `@expo-google-fonts/pt-sans`: PDF's standard fonts have no Cyrillic. The files are
 * resolved from node_modules at run time (a runtime dependency of the API, installed beside
 * `dist/` as every external package is), never copied into the repository.
 */
const FONT_FILES = {
  regular: '@expo-google-fonts/pt-sans/400Regular/PTSans_400Regular.ttf',
  bold: '@expo-google-fonts/pt-sans/700Bold/PTSans_700Bold.ttf',
} as const;

export type InvoiceFont = keyof typeof FONT_FILES;

const resolved = new Map<InvoiceFont, string>();

/** The absolute path of a font file; throws at first use when the package is missing. */
export function fontPath(font: InvoiceFont): string {
  let file = resolved.get(font);
  if (!file) {
    file = createRequire(import.meta.url).resolve(FONT_FILES[font]);
    resolved.set(font, file);
  }
  return file;
}
