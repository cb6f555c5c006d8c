import { formatLongDate, tegucigalpaDateTime, timeInTegucigalpa } from '@prestamos-hn/domain';
import { asc, eq } from 'drizzle-orm';
import { Parser } from 'htmlparser2';
import PDFDocument from 'pdfkit';
import { loanDocuments } from '../../db/schema/index.ts';
import type { Deps } from '../deps.ts';
import { checkSignature, signedUrl } from '../shared/file-urls.ts';

const subjectOf = (loanId: number) => `loan-contract:${loanId}`;

/** Where the borrower's app opens a loan's contract PDF (served by files/plugin.ts). */
export const contractPdfPath = (loanId: number) => `/api/files/loans/${loanId}/contrato.pdf`;

/** A signed link (15 minutes) to the PDF of a loan's accepted documents: given only to its owner. */
export function signedContractPdfUrl(deps: Pick<Deps, 'config' | 'clock'>, loanId: number): string {
  return signedUrl(deps, contractPdfPath(loanId), subjectOf(loanId));
}

/** Seconds left of a valid signature for this loan's contract PDF, or null. */
export function checkContractPdfSignature(
  deps: Pick<Deps, 'config' | 'clock'>,
  loanId: number,
  exp: unknown,
  sig: unknown,
): number | null {
  return checkSignature(deps, subjectOf(loanId), exp, sig);
}

/** A piece of text in one weight. */
interface Run {
  text: string;
  bold: boolean;
}
/** What the stored HTML is laid out as: headings, paragraphs, list items and tables, as text. */
type Block =
  | { type: 'heading'; level: number; runs: Run[] }
  | { type: 'paragraph'; runs: Run[] }
  | { type: 'item'; runs: Run[] }
  | { type: 'table'; rows: { header: boolean; cells: string[] }[] };

const HEADINGS: Record<string, number> = { h1: 1, h2: 2, h3: 3, h4: 4 };
const BOLD = new Set(['strong', 'b', 'th']);

/** Reads the document HTML (the sanitised markup of the templates) into blocks of text. */
export function htmlToBlocks(html: string): Block[] {
  const blocks: Block[] = [];
  let runs: Run[] | null = null;
  let kind: 'heading' | 'paragraph' | 'item' = 'paragraph';
  let level = 0;
  let boldDepth = 0;
  let table: Extract<Block, { type: 'table' }> | null = null;
  let cell: string | null = null;

  const flush = () => {
    if (runs && runs.some((r) => r.text.trim() !== '')) {
      const trimmed = trimRuns(runs);
      blocks.push(
        kind === 'heading' ? { type: 'heading', level, runs: trimmed } : { type: kind, runs: trimmed },
      );
    }
    runs = null;
  };

  const parser = new Parser(
    {
      onopentag(name) {
        if (BOLD.has(name)) boldDepth += 1;
        if (name === 'table') {
          flush();
          table = { type: 'table', rows: [] };
        } else if (name === 'tr' && table) {
          table.rows.push({ header: false, cells: [] });
        } else if ((name === 'td' || name === 'th') && table) {
          cell = '';
          const row = table.rows.at(-1);
          if (row && name === 'th') row.header = true;
        } else if (name in HEADINGS || name === 'p' || name === 'li') {
          flush();
          kind = name === 'p' ? 'paragraph' : name === 'li' ? 'item' : 'heading';
          level = HEADINGS[name] ?? 0;
          runs = [];
        } else if (name === 'br') {
          if (cell !== null) cell += ' ';
          else (runs ??= []).push({ text: '\n', bold: false });
        }
      },
      ontext(text) {
        const clean = text.replace(/\s+/g, ' ');
        if (cell !== null) cell += clean;
        else if (table === null) (runs ??= []).push({ text: clean, bold: boldDepth > 0 });
      },
      onclosetag(name) {
        if (BOLD.has(name)) boldDepth = Math.max(0, boldDepth - 1);
        if ((name === 'td' || name === 'th') && table && cell !== null) {
          table.rows.at(-1)?.cells.push(cell.trim());
          cell = null;
        } else if (name === 'table' && table) {
          blocks.push(table);
          table = null;
        } else if (name in HEADINGS || name === 'p' || name === 'li') {
          flush();
        }
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  flush();
  return blocks;
}

function trimRuns(runs: Run[]): Run[] {
  const out = runs.filter((r) => r.text !== '').map((r) => ({ ...r }));
  if (out[0]) out[0].text = out[0].text.trimStart();
  const last = out.at(-1);
  if (last) last.text = last.text.trimEnd();
  return out.filter((r) => r.text !== '');
}

const FONT = 'Helvetica';
const FONT_BOLD = 'Helvetica-Bold';
const HEADING_SIZES: Record<number, number> = { 1: 18, 2: 15, 3: 12, 4: 11 };

function writeRuns(doc: PDFKit.PDFDocument, runs: Run[], size: number, indent = 0): void {
  doc.fontSize(size);
  runs.forEach((run, index) => {
    doc.font(run.bold ? FONT_BOLD : FONT).text(run.text, {
      continued: index < runs.length - 1,
      align: 'justify',
      ...(index === 0 && indent ? { indent } : {}),
    });
  });
}

function writeTable(doc: PDFKit.PDFDocument, rows: { header: boolean; cells: string[] }[]): void {
  const columns = Math.max(1, ...rows.map((r) => r.cells.length));
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const columnWidth = width / columns;
  const padding = 3;
  doc.fontSize(8.5);
  for (const row of rows) {
    doc.font(row.header ? FONT_BOLD : FONT);
    const height =
      Math.max(...row.cells.map((c) => doc.heightOfString(c || ' ', { width: columnWidth - 2 * padding }))) +
      2 * padding;
    if (doc.y + height > doc.page.height - doc.page.margins.bottom) doc.addPage();
    const top = doc.y;
    row.cells.forEach((text, index) => {
      const x = left + index * columnWidth;
      doc.rect(x, top, columnWidth, height).lineWidth(0.5).stroke('#999999');
      doc.fillColor('#000000').text(text, x + padding, top + padding, {
        width: columnWidth - 2 * padding,
        align: index < 2 ? 'left' : 'right',
      });
    });
    doc.x = left;
    doc.y = top + height;
  }
  doc.moveDown(0.5);
}

function writeBlocks(doc: PDFKit.PDFDocument, blocks: Block[]): void {
  for (const block of blocks) {
    if (block.type === 'heading') {
      writeRuns(
        doc,
        block.runs.map((r) => ({ ...r, bold: true })),
        HEADING_SIZES[block.level] ?? 11,
      );
      doc.moveDown(0.5);
    } else if (block.type === 'table') {
      writeTable(doc, block.rows);
    } else if (block.type === 'item') {
      writeRuns(doc, [{ text: '•  ', bold: false }, ...block.runs], 10, 10);
      doc.moveDown(0.2);
    } else {
      writeRuns(doc, block.runs, 10);
      doc.moveDown(0.6);
    }
  }
}

/** A page of a PDF laid out from HTML: the blocks, then an optional small grey note. */
export interface PdfPage {
  html: string;
  note?: string;
}

/**
 * A letter-size PDF of HTML pages (the templates' markup: headings, paragraphs, list items and
 * tables), each page followed by its note. `date` is the file's creation date, so the same pages and
 * date give the same file.
 */
export function htmlPagesToPdf(
  info: { title: string; author: string; date: Date },
  pages: PdfPage[],
): Promise<Buffer> {
  const pdf = new PDFDocument({
    size: 'LETTER',
    margin: 56,
    info: {
      Title: info.title,
      Author: info.author,
      Creator: info.author,
      CreationDate: info.date,
      ModDate: info.date,
    },
  });
  const chunks: Buffer[] = [];
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  pages.forEach((page, index) => {
    if (index > 0) pdf.addPage();
    writeBlocks(pdf, htmlToBlocks(page.html));
    if (page.note) {
      pdf.moveDown(1);
      pdf
        .font(FONT)
        .fontSize(7.5)
        .fillColor('#555555')
        .text(page.note, { align: 'left' })
        .fillColor('#000000');
    }
  });
  pdf.end();
  return done;
}

const KIND_ORDER = { contract: 0, promissory_note: 1 } as Record<string, number>;

/**
 * A printable PDF of the documents a borrower accepted for a loan (the contract, then the
 * promissory note), laid out from the stored HTML as headings, paragraphs and tables, each followed
 * by its acceptance evidence (when, from where, template version, SHA-256). Null when the loan has
 * no accepted documents. The PDF's dates are the acceptance's, so the same loan gives the same file.
 */
export async function renderContractPdf(
  deps: Pick<Deps, 'db' | 'config'>,
  loanId: number,
): Promise<Buffer | null> {
  const docs = await deps.db
    .select()
    .from(loanDocuments)
    .where(eq(loanDocuments.loanId, loanId))
    .orderBy(asc(loanDocuments.id));
  if (docs.length === 0) return null;
  docs.sort((a, b) => (KIND_ORDER[a.kind] ?? 9) - (KIND_ORDER[b.kind] ?? 9));
  return htmlPagesToPdf(
    {
      title: `${docs[0]!.title} - préstamo ${loanId}`,
      author: deps.config.brandName,
      date: docs[0]!.acceptedAt,
    },
    docs.map((doc) => {
      const at = tegucigalpaDateTime(doc.acceptedAt);
      return {
        html: doc.html,
        note:
          `Aceptado electrónicamente el ${formatLongDate(at.date)} a las ${timeInTegucigalpa(doc.acceptedAt)} ` +
          `(hora de Honduras), desde la IP ${doc.ip}. Plantilla versión ${doc.templateVersion}. ` +
          `SHA-256 del documento aceptado: ${doc.sha256}.`,
      };
    }),
  );
}
