import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { loanMessages } from './loan-messages.ts';

// The loan application calls of SPEC sections 2-4 and 7. The SPEC calls a loan request an "offer";
// one loan row lives from the request to its closing and `container_id` is its id on the wire.
// Amounts travel in lempiras as numbers with at most two decimals; the domain and the database
// keep centavos. The functions beside a payload map it to and from the domain's English types, once
// at each edge: the API answers with `toWire…`, the borrower app reads with `fromWire…`.

/** The product types of SPEC section 3 (`ProTip`). */
export const productTypes = ['semanal', 'quincenal', 'mensual'] as const;

/** A product tile: its code, type, name and description. */
export const productItem = z.object({
  ProCod: z.number().int(),
  ProTip: z.enum(productTypes),
  ProNom: z.string(),
  ProDsc: z.string(),
});
export type ProductItem = z.infer<typeof productItem>;

/** A product's price list (SPEC section 3): amounts in lempiras, terms in days, `PriInt` the annual rate in percent. */
export const priceListItem = z.object({
  ProCod: z.number().int(),
  PriMntDes: z.number(),
  PriMntHas: z.number(),
  PriTerDes: z.number().int(),
  PriTerHas: z.number().int(),
  PriInt: z.number(),
  PriCuoTip: z.enum(['Cantidad fija', 'Porcentaje del importe mensual']),
  /** Lempiras per instalment ('Cantidad fija') or percent of the amount ('Porcentaje del importe mensual'). */
  PriCuo: z.number(),
});
export type PriceListItem = z.infer<typeof priceListItem>;

/** What the application screen loads: the products, those allowed for the caller (`Products_r`), and the price lists. */
export const applicationProfile = z.object({
  Products: z.array(productItem),
  Products_r: z.array(z.number().int()),
  PriceList: z.object({ data: z.object({ pricelistData: z.array(priceListItem) }) }),
});
export type ApplicationProfile = z.infer<typeof applicationProfile>;

export const purposeItem = z.object({ id: z.number().int(), title: z.string() });

/**
 * A loan as getCustomerOfferList.php lists it (SPEC section 3), keyed by its id. `debt` is what is
 * still to pay (lempiras), `amount_limit` the amount requested, `created` the request time (ISO 8601,
 * UTC), `contract_content` the contract HTML the borrower accepted (null when none). The plan's chips
 * read `interest` (annual percent), `period_type` and `payments`.
 */
export const loanItem = z.object({
  container_id: z.number().int(),
  status: z.number().int(),
  product_id: z.number().int(),
  debt: z.number(),
  amount_limit: z.number(),
  created: z.string(),
  contract_content: z.string().nullable(),
  interest: z.number(),
  period_type: z.enum(productTypes),
  term_days: z.number().int(),
  payments: z.number().int(),
  /** The reason the borrower reads when the request was rejected (status 2), else null. */
  rejection_reason: z.string().nullable(),
  /** A signed link (15 minutes) to the accepted contract and promissory note as a PDF, else null. */
  contract_pdf_url: z.string().nullable(),
  /**
   * Once disbursed, a signed link (15 minutes) to the final plan as a PDF, its dates counted from the
   * disbursement (decision 014); else null.
   */
  plan_pdf_url: z.string().nullable(),
});
export type LoanItem = z.infer<typeof loanItem>;

/** The caller's loans: `status` is the newest loan's status (the /aplicar banner), null with no loan. */
export const customerOfferList = z.object({
  status: z.number().int().nullable(),
  loans: z.record(z.string(), loanItem),
});
export type CustomerOfferList = z.infer<typeof customerOfferList>;

/** The SPEC's invoice (summary) of the caller's newest request: the quote stored with it. */
export const invoice = z.object({
  cantidadSolicitada: z.number(),
  intereses: z.number(),
  gastosAdministrativos: z.number(),
  totalAPagar: z.number(),
  pagosARealizar: z.number().int(),
  pagos: z.array(z.object({ fechaDePago: z.string(), cantidad: z.number() })),
});
export type Invoice = z.infer<typeof invoice>;

/** A number or a numeric string, as old clients send amounts, terms and codes. */
const numeric = z.union([z.number(), z.string().trim()]);

/**
 * What getFacturaPre.php answers (issue 35, point 2): the invoice of the request being filled in,
 * the very quote postOffer.php would store for it today (the product's price list, the holiday
 * calendar), and its annual total cost in percent with one decimal (`costoAnualTotal`, the loan's
 * stored `annual_cost_percent`).
 */
export const invoicePreview = invoice.extend({ costoAnualTotal: z.number() });
export type InvoicePreview = z.infer<typeof invoicePreview>;

/**
 * What a document preview is rendered for: the request being filled in. Without it the document is
 * rendered with the borrower's data and blanks for the loan's numbers.
 */
const documentPreviewRequest = z.object({
  amount: numeric.optional(),
  period: numeric.optional(),
  productId: numeric.optional(),
  purpose: numeric.optional(),
});

/**
 * A contract or promissory note rendered on the server for the caller (HTML without scripts), and
 * its template's version. The SHA-256 of `document_template` exactly as received, with `version`,
 * goes back with postOffer.php (`documentEvidence`).
 */
export const documentPreview = z.object({
  document_template: z.string(),
  title: z.string(),
  version: z.number().int(),
});
export type DocumentPreview = z.infer<typeof documentPreview>;

/** Web Crypto and UTF-8 as browsers (secure contexts: HTTPS, localhost) and Node.js provide them. */
const platform = globalThis as unknown as {
  crypto: { subtle: { digest(algorithm: 'SHA-256', data: Uint8Array): Promise<ArrayBuffer> } };
  TextEncoder: new () => { encode(text: string): Uint8Array };
};

/** The SHA-256 of a text's UTF-8 bytes, 64 lowercase hex digits, as the server hashes a document's HTML. */
async function sha256HexOfText(text: string): Promise<string> {
  const digest = await platform.crypto.subtle.digest('SHA-256', new platform.TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * What postOffer.php carries about the documents the borrower read and accepted: each one's template
 * version and the SHA-256 (hex) of its HTML, one hash per document as the server stores one per
 * document (`loan_documents.sha256`).
 */
export interface DocumentEvidence {
  contractVersion: number;
  contractSha256: string;
  promissoryNoteVersion: number;
  promissoryNoteSha256: string;
}

/** The evidence of two previews (get_contractPre.php, get_pagarePre.php) as received: hashed, never re-rendered. */
export async function documentEvidence(
  contract: DocumentPreview,
  promissoryNote: DocumentPreview,
): Promise<DocumentEvidence> {
  return {
    contractVersion: contract.version,
    contractSha256: await sha256HexOfText(contract.document_template),
    promissoryNoteVersion: promissoryNote.version,
    promissoryNoteSha256: await sha256HexOfText(promissoryNote.document_template),
  };
}

/** Missing or ill-formed evidence is refused as changed documents: the app reads them again. */
const asDocumentsChanged = { error: loanMessages.documentsChanged };

/** A version the borrower read: a whole number, or its digits. */
const seenVersion = z.union(
  [z.number().int(asDocumentsChanged), z.string().trim().regex(/^\d+$/, asDocumentsChanged)],
  asDocumentsChanged,
);

/** The SHA-256 of a document as the borrower read it, 64 hex digits (either case). */
const seenSha256 = z
  .string(asDocumentsChanged)
  .trim()
  .toLowerCase()
  .regex(/^[0-9a-f]{64}$/, asDocumentsChanged);

/**
 * One instalment of a disbursed loan (SPEC section 3's repayment schedule item): `schedule_date`
 * YYYY-MM-DD, `status` the SPEC's instalment code, money in lempiras; `charge` is the interest,
 * `administrator_fee` the administrative fee, `amount` the principal.
 */
export const scheduleItem = z.object({
  id: z.number().int(),
  container_id: z.number().int(),
  schedule_position: z.number().int(),
  schedule_date: z.string(),
  status: z.number().int(),
  charge: z.number(),
  charge_covered: z.number(),
  administrator_fee: z.number(),
  administrator_fee_covered: z.number(),
  amount: z.number(),
  amount_covered: z.number(),
  late_fee: z.number(),
  late_fee_covered: z.number(),
  penalty_fee: z.number(),
  penalty_covered: z.number(),
});
export type ScheduleItem = z.infer<typeof scheduleItem>;

export const loanCalls = {
  /** Products, the ones allowed for the caller and their price lists (SPEC section 7). */
  getApplicationProfilev2: defineEndpoint({
    file: 'getApplicationProfilev2.php',
    access: 'session',
    method: 'POST',
    envelope: 'legacy',
    request: z.object({}),
    payload: applicationProfile,
  }),
  /** The older name of the same call. */
  getApplicationProfile: defineEndpoint({
    file: 'getApplicationProfile.php',
    access: 'session',
    method: 'POST',
    envelope: 'legacy',
    request: z.object({}),
    payload: applicationProfile,
  }),
  /** The purposes a loan can be requested for. */
  getPurposeList: defineEndpoint({
    file: 'getPurposeList.php',
    access: 'session',
    method: 'POST',
    envelope: 'legacy',
    request: z.object({}),
    payload: z.array(purposeItem),
  }),
  /** The caller's loans, from request to closing. */
  getCustomerOfferList: defineEndpoint({
    file: 'getCustomerOfferList.php',
    access: 'session',
    method: 'POST',
    envelope: 'legacy',
    request: z.object({}),
    payload: customerOfferList,
  }),
  /** The contract, rendered for the caller and the request being filled in. */
  get_contractPre: defineEndpoint({
    file: 'get_contractPre.php',
    access: 'session',
    method: 'POST',
    envelope: 'legacy',
    request: documentPreviewRequest,
    payload: documentPreview,
  }),
  /** The promissory note, likewise. */
  get_pagarePre: defineEndpoint({
    file: 'get_pagarePre.php',
    access: 'session',
    method: 'POST',
    envelope: 'legacy',
    request: documentPreviewRequest,
    payload: documentPreview,
  }),
  /** The summary of the caller's newest request (the stored quote); polled every second while the dialog is open. */
  getFactura: defineEndpoint({
    file: 'getFactura.php',
    access: 'session',
    method: 'POST',
    envelope: 'legacy',
    request: z.object({}),
    payload: invoice,
  }),
  /**
   * The summary of the request being filled in, before it is sent (issue 35, point 2; not in the
   * SPEC): amount, term and product as for get_contractPre.php (`purpose` is not needed and ignored).
   * The quote is the one the contract shows and postOffer.php stores, from the same function.
   */
  getFacturaPre: defineEndpoint({
    file: 'getFacturaPre.php',
    access: 'session',
    method: 'POST',
    envelope: 'legacy',
    request: z.object({ amount: numeric, period: numeric, productId: numeric, purpose: numeric.optional() }),
    payload: invoicePreview,
  }),
  /**
   * A loan request: `period` the term in days, `amount` in lempiras, `purpose` a purpose id,
   * `productId` the product's `ProCod`. Accepting it accepts the contract and the promissory note as
   * rendered for it (the server stores the exact HTML as evidence). With it comes the evidence of
   * the previews the borrower read (`documentEvidence`): each document's template version and the
   * SHA-256 of its HTML. The server renders the documents it would store and refuses
   * (`documentsChanged`, writing nothing) unless both versions and both hashes are equal, so what is
   * stored is what was shown (issue 32 point 7; not in the SPEC's list of fields).
   */
  postOffer: defineEndpoint({
    file: 'postOffer.php',
    access: 'session',
    method: 'POST',
    envelope: 'legacy',
    request: z.object({
      period: numeric,
      amount: numeric,
      purpose: numeric,
      productId: numeric,
      contractVersion: seenVersion,
      contractSha256: seenSha256,
      promissoryNoteVersion: seenVersion,
      promissoryNoteSha256: seenSha256,
    }),
    payload: z.object({ message: z.string(), container_id: z.number().int() }),
  }),
  /** The instalments of one of the caller's loans (none before the disbursement). */
  getBorrowerRepaymentSchedule: defineEndpoint({
    file: 'getBorrowerRepaymentSchedule.php',
    access: 'session',
    method: 'POST',
    envelope: 'legacy',
    request: z.object({ ContainerId: numeric }),
    payload: z.array(scheduleItem),
  }),
};
