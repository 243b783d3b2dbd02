import { execFile } from 'node:child_process';
import { pathToFileURL } from 'node:url';

/**
 * pdf.js reads the text back as a PDF viewer would (through the embedded font's ToUnicode map).
 * Its builds are ES modules only, which Jest's CommonJS VM cannot load, so it runs in a child
 * Node process: PDF on stdin, text on stdout.
 */
const EXTRACT = `
// pdf.js warns on stdout (no canvas: none is needed for text); stdout carries only the answer.
console.log = console.warn = (...args) => console.error(...args);
const { getDocument } = await import(process.argv[1]);
const chunks = [];
for await (const c of process.stdin) chunks.push(c);
const pdf = await getDocument({ data: new Uint8Array(Buffer.concat(chunks)), isEvalSupported: false, verbosity: 0 }).promise;
let text = '';
for (let i = 1; i <= pdf.numPages; i++) {
  const content = await (await pdf.getPage(i)).getTextContent();
  text += content.items.map((it) => ('str' in it ? it.str + (it.hasEOL ? '\\n' : ' ') : '')).join('') + '\\f';
}
process.stdout.write(JSON.stringify({ pages: pdf.numPages, text }));
`;

export function extractText(pdf: Buffer): Promise<{ pages: number; text: string }> {
  const pdfjs = pathToFileURL(require.resolve('pdfjs-dist/legacy/build/pdf.mjs')).href;
  return new Promise((resolve, reject) => {
    const options = { maxBuffer: 16 * 1024 * 1024, timeout: 20_000 };
    const child = execFile(process.execPath, ['--input-type=module', '-e', EXTRACT, pdfjs], options, (error, stdout, stderr) => {
      try {
        if (error) throw error;
        resolve(JSON.parse(stdout) as { pages: number; text: string });
      } catch (e) {
        reject(new Error(`pdf.js text extraction failed: ${(e as Error).message}\n${stderr}`));
      }
    });
    child.stdin!.end(pdf);
  });
}

/** Spaces as a reader sees them: line breaks and no-break spaces collapse to one space. */
export const flat = (text: string) => text.replace(/\s+/g, ' ');

