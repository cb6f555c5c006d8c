import { inflateSync } from 'node:zlib';

/**
 * Text of a PDF made by pdfkit: its content streams inflated, the hex strings of each TJ decoded.
 * Each stream is cut by its dictionary's `/Length`, not by the `endstream` that follows it: the
 * compressed bytes may end in a carriage return, which a pattern for the end-of-line before
 * `endstream` would take as its own, leaving that page's text out.
 */
export function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const texts: string[] = [];
  for (const match of raw.matchAll(/\/Length (\d+)[^>]*>>\s*stream\r?\n/g)) {
    const start = match.index + match[0].length;
    let content: string;
    try {
      content = inflateSync(pdf.subarray(start, start + Number(match[1]))).toString('latin1');
    } catch {
      continue;
    }
    for (const tj of content.matchAll(/\[(.*?)\] TJ/g)) {
      const hex = [...tj[1]!.matchAll(/<([0-9a-fA-F]*)>/g)].map((m) => m[1]).join('');
      texts.push(Buffer.from(hex, 'hex').toString('latin1'));
    }
  }
  return texts.join('\n');
}
