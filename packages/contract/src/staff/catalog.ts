import type { Period } from '@prestamos-hn/domain';
import { z } from 'zod';
import { defineStaffEndpoint, jsonResponse } from './endpoint.ts';
import { idField, isoInstant } from './fields.ts';

/**
 * What borrowers are offered, as admins manage it: products (retired, never deleted) with their
 * price lists, loan purposes, and the versioned contract and promissory-note templates. The
 * service (apps/api/src/services/loans/catalog.ts, templates.ts) checks every range and rule again;
 * these schemas refuse the wrong shapes with the same Spanish words.
 */

export const catalogMessages = {
  period: 'Elige la periodicidad: semanal, quincenal o mensual.',
  productName: 'Escribe el nombre del producto (hasta 80 caracteres).',
  productDescription: 'La descripción puede tener hasta 300 caracteres.',
  amounts:
    'Los montos van en múltiplos de L 10: el mínimo mayor que cero y no mayor que el máximo (hasta L 1,000,000).',
  days: 'El plazo mínimo debe ser mayor que cero y no mayor que el máximo (hasta 720 días).',
  rate: 'La tasa anual debe estar entre 0 % y 1000 %.',
  feeType: 'Elige el tipo de gasto administrativo: fijo o porcentaje.',
  fee: 'El gasto administrativo es una cantidad fija en centavos o un porcentaje del monto entre 0 % y 100 %.',
  lateFee: 'El recargo por atraso es una cantidad fija entre L 0 y L 10,000 por cuota.',
  graceDays: 'Los días de gracia son un número entero de 0 a 60.',
  arrearsTolerance: 'La tolerancia de mora es una cantidad fija entre L 0 y L 1,000.',
  active: 'Indica si se ofrece (true o false).',
  nothingToChange: 'Indica qué cambiar.',
  purposeTitle: 'Escribe el propósito (hasta 80 caracteres).',
  templateKind: 'Plantilla inválida.',
  templateTitle: 'Escribe un título de hasta 120 caracteres.',
  templateBody: 'Escribe el texto de la plantilla (hasta 100.000 caracteres).',
} as const;

/**
 * The documents a borrower accepts: the two of a loan request, and the privacy terms of the
 * registration (issue 35 point 9).
 */
export const TEMPLATE_KINDS = ['contract', 'promissory_note', 'privacy_terms'] as const;
export type TemplateKind = (typeof TEMPLATE_KINDS)[number];

const PERIOD_TYPES = ['semanal', 'quincenal', 'mensual'] as const satisfies readonly Period[];
const periodField = z.enum(PERIOD_TYPES, { error: catalogMessages.period });
const whole = (message: string) => z.number({ error: message }).int(message);
const text = (message: string, max: number) =>
  z.string({ error: message }).trim().min(1, message).max(max, message);

/** A price list as an admin sends it: centavos, days, basis points (6000 = 60 % a year). */
export const priceListBody = z.object({
  minAmountCents: whole(catalogMessages.amounts),
  maxAmountCents: whole(catalogMessages.amounts),
  minDays: whole(catalogMessages.days),
  maxDays: whole(catalogMessages.days),
  annualRateBp: whole(catalogMessages.rate),
  feeType: z.enum(['fixed', 'percent'], { error: catalogMessages.feeType }),
  /** Centavos per instalment (fixed) or basis points of the amount (percent). */
  feeValue: whole(catalogMessages.fee),
  /**
   * Centavos charged once on an instalment the day it turns late (servicing). Left out: 0 for a new
   * product, unchanged when a price list is edited.
   */
  lateFeeCents: whole(catalogMessages.lateFee).optional(),
  /**
   * Days after a due date before the late fee is charged (0 to 60; decision 014). Left out: 1 for a
   * new product, unchanged when a price list is edited.
   */
  graceDays: whole(catalogMessages.graceDays).optional(),
  /**
   * Centavos an instalment may be short and still be neither late nor charged (0 to 100000, L 1,000;
   * decision 014). Left out: 100 (L 1.00) for a new product, unchanged when a price list is edited.
   */
  arrearsToleranceCents: whole(catalogMessages.arrearsTolerance).optional(),
});

const productName = text(catalogMessages.productName, 80);
const productDescription = z
  .string({ error: catalogMessages.productDescription })
  .trim()
  .max(300, catalogMessages.productDescription);
const activeField = z.boolean({ error: catalogMessages.active });

export const createProductBody = z.object({
  periodType: periodField,
  name: productName,
  description: productDescription.optional(),
  price: priceListBody,
});

export const updateProductBody = z
  .object({
    name: productName.optional(),
    description: productDescription.optional(),
    periodType: periodField.optional(),
    active: activeField.optional(),
  })
  .refine((v) => Object.values(v).some((value) => value !== undefined), {
    error: catalogMessages.nothingToChange,
    path: ['name'],
  });

/** A product with its price list, the terms it offers, and how many loans were requested under it. */
export const catalogProduct = z.object({
  id: z.number().int(),
  periodType: periodField,
  name: z.string(),
  description: z.string(),
  active: z.boolean(),
  price: priceListBody.extend({
    productId: z.number().int(),
    periodType: periodField,
    lateFeeCents: z.number().int().nonnegative(),
    graceDays: z.number().int().nonnegative(),
    arrearsToleranceCents: z.number().int().nonnegative(),
  }),
  termOptions: z.array(z.object({ days: z.number().int(), payments: z.number().int() })),
  loans: z.number().int().nonnegative(),
});

const purposeTitle = text(catalogMessages.purposeTitle, 80);
export const createPurposeBody = z.object({ title: purposeTitle });
export const updatePurposeBody = z
  .object({ title: purposeTitle.optional(), active: activeField.optional() })
  .refine((v) => v.title !== undefined || v.active !== undefined, {
    error: catalogMessages.nothingToChange,
    path: ['title'],
  });

/** A loan purpose, and how many loans name it. */
export const catalogPurpose = z.object({
  id: z.number().int(),
  title: z.string(),
  active: z.boolean(),
  loans: z.number().int().nonnegative(),
});

const templateKind = z.enum(TEMPLATE_KINDS);
/** A kind in a path: any text here, so an unknown one is the service's 404 'No encontramos esa plantilla.'. */
const templateParams = z.object({
  kind: z
    .string({ error: catalogMessages.templateKind })
    .trim()
    .min(1, catalogMessages.templateKind)
    .max(40, catalogMessages.templateKind),
});

export const saveTemplateBody = z.object({
  title: z.string({ error: catalogMessages.templateTitle }),
  body: z.string({ error: catalogMessages.templateBody }),
});
/** A draft to preview; without a body, the current version. */
export const previewTemplateBody = z.object({
  title: z.string({ error: catalogMessages.templateTitle }).optional(),
  body: z.string({ error: catalogMessages.templateBody }).optional(),
});

/** One stored version of a template. */
export const templateVersion = z.object({
  kind: templateKind,
  version: z.number().int(),
  title: z.string(),
  body: z.string(),
  createdAt: isoInstant,
  /** The admin who saved it; null for the seeded first version. */
  createdBy: z.string().nullable(),
});

export const catalogTemplates = z.object({
  /** Every `{{placeholder}}` a loan document may use. */
  placeholders: z.array(z.string()),
  items: z.array(
    z.object({
      kind: templateKind,
      /** The `{{placeholders}}` this one may use (the privacy terms: the brand only). */
      placeholders: z.array(z.string()),
      current: templateVersion.nullable(),
      /** Newest first. */
      versions: z.array(templateVersion),
    }),
  ),
});

const productParams = z.object({ id: idField('Identificador de producto inválido.') });
const purposeParams = z.object({ id: idField('Identificador de propósito inválido.') });

/** Products, price lists, purposes and document templates: admins only (`catalog.manage`). */
export const staffCatalogRows = {
  listProducts: defineStaffEndpoint({
    method: 'GET',
    path: '/products',
    access: 'catalog.manage',
    summary: 'Every product (retired ones too) with its price list, terms offered and loans requested',
    response: jsonResponse(z.object({ items: z.array(catalogProduct) })),
  }),
  createProduct: defineStaffEndpoint({
    method: 'POST',
    path: '/products',
    access: 'catalog.manage',
    summary: 'Adds a product and its price list, offered at once (audited)',
    body: createProductBody,
    response: jsonResponse(z.object({ product: catalogProduct })),
  }),
  updateProduct: defineStaffEndpoint({
    method: 'PATCH',
    path: '/products/:id',
    access: 'catalog.manage',
    summary: 'Changes the name, description or period, or retires / offers again a product (audited)',
    params: productParams,
    body: updateProductBody,
    response: jsonResponse(z.object({ product: catalogProduct })),
  }),
  updatePriceList: defineStaffEndpoint({
    method: 'PATCH',
    path: '/products/:id/price-list',
    access: 'catalog.manage',
    summary:
      "Replaces a product's price list for new requests; loans already requested keep theirs (audited)",
    params: productParams,
    body: priceListBody,
    response: jsonResponse(z.object({ product: catalogProduct })),
  }),
  listPurposes: defineStaffEndpoint({
    method: 'GET',
    path: '/purposes',
    access: 'catalog.manage',
    summary: 'Every loan purpose (retired ones too) with how many loans name it',
    response: jsonResponse(z.object({ items: z.array(catalogPurpose) })),
  }),
  createPurpose: defineStaffEndpoint({
    method: 'POST',
    path: '/purposes',
    access: 'catalog.manage',
    summary: 'Adds a loan purpose (audited)',
    body: createPurposeBody,
    response: jsonResponse(z.object({ purpose: catalogPurpose })),
  }),
  updatePurpose: defineStaffEndpoint({
    method: 'PATCH',
    path: '/purposes/:id',
    access: 'catalog.manage',
    summary: 'Renames a purpose, or retires / offers it again (audited)',
    params: purposeParams,
    body: updatePurposeBody,
    response: jsonResponse(z.object({ purpose: catalogPurpose })),
  }),
  listTemplates: defineStaffEndpoint({
    method: 'GET',
    path: '/templates',
    access: 'catalog.manage',
    summary: 'The contract and promissory-note templates: current version, every version, the placeholders',
    response: jsonResponse(catalogTemplates),
  }),
  saveTemplateVersion: defineStaffEndpoint({
    method: 'POST',
    path: '/templates/:kind/versions',
    access: 'catalog.manage',
    summary:
      'Saves a template as its next version (sanitised, known placeholders only) for requests made from now on (audited)',
    params: templateParams,
    body: saveTemplateBody,
    response: jsonResponse(
      z.object({
        template: z.object({
          kind: templateKind,
          version: z.number().int(),
          title: z.string(),
          body: z.string(),
        }),
      }),
    ),
  }),
  previewTemplate: defineStaffEndpoint({
    method: 'POST',
    path: '/templates/:kind/preview',
    access: 'catalog.manage',
    summary:
      'Renders a draft (sanitised as it would be stored) or the current version for a sample borrower and loan',
    params: templateParams,
    body: previewTemplateBody,
    response: jsonResponse(
      z.object({
        kind: templateKind,
        title: z.string(),
        html: z.string(),
        unknownPlaceholders: z.array(z.string()),
      }),
    ),
  }),
};
