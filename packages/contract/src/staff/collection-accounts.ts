import { z } from 'zod';
import { defineStaffEndpoint, jsonResponse } from './endpoint.ts';
import { idField, isoInstant } from './fields.ts';

/**
 * The lender's collection accounts (issue 35, point 1): where borrowers deposit their instalments.
 * Admins keep them ('Cuentas de cobro', `catalog.manage`); every staff member may read them (a
 * cashier checks a receipt's bank against them). The active ones reach the borrower's /plan
 * (getCollectionAccounts.php), the disbursement SMS and the contract. The service
 * (apps/api/src/services/collection-accounts.ts) checks every rule again with the same
 * Spanish words.
 */

export const COLLECTION_ACCOUNT_NUMBER_MAX = 30;
export const COLLECTION_ACCOUNT_HOLDER_MAX = 120;
export const COLLECTION_ACCOUNT_SORT_MAX = 999;

export const collectionAccountMessages = {
  bank: 'Elige el banco de la cuenta.',
  accountNumber: `Escribe el número de cuenta: solo dígitos y guiones, de 4 a ${COLLECTION_ACCOUNT_NUMBER_MAX} caracteres.`,
  holderName: `Escribe a nombre de quién está la cuenta (hasta ${COLLECTION_ACCOUNT_HOLDER_MAX} caracteres).`,
  sortOrder: `El orden es un número entero de 0 a ${COLLECTION_ACCOUNT_SORT_MAX}.`,
  active: 'Indica si la cuenta está activa (true o false).',
  nothingToChange: 'Indica qué cambiar.',
  id: 'No encontramos esa cuenta de cobro.',
} as const;

const bankField = z.coerce
  .number({ error: collectionAccountMessages.bank })
  .int(collectionAccountMessages.bank)
  .min(1, collectionAccountMessages.bank)
  .max(32_767, collectionAccountMessages.bank);
/** Spaces are dropped: '2001 2345 6' is the account 200123456. */
const accountNumberField = z
  .string({ error: collectionAccountMessages.accountNumber })
  .transform((value) => value.replace(/\s+/g, ''))
  .pipe(
    z
      .string()
      .regex(
        new RegExp(`^[0-9-]{4,${COLLECTION_ACCOUNT_NUMBER_MAX}}$`),
        collectionAccountMessages.accountNumber,
      ),
  );
const holderNameField = z
  .string({ error: collectionAccountMessages.holderName })
  .trim()
  .min(1, collectionAccountMessages.holderName)
  .max(COLLECTION_ACCOUNT_HOLDER_MAX, collectionAccountMessages.holderName);
const sortOrderField = z
  .number({ error: collectionAccountMessages.sortOrder })
  .int(collectionAccountMessages.sortOrder)
  .min(0, collectionAccountMessages.sortOrder)
  .max(COLLECTION_ACCOUNT_SORT_MAX, collectionAccountMessages.sortOrder);
const activeField = z.boolean({ error: collectionAccountMessages.active });

export const createCollectionAccountBody = z.object({
  bankCode: bankField,
  accountNumber: accountNumberField,
  holderName: holderNameField,
  /** Left out: after the last account. */
  sortOrder: sortOrderField.optional(),
  /** Left out: active. */
  active: activeField.optional(),
});

export const updateCollectionAccountBody = z
  .object({
    bankCode: bankField.optional(),
    accountNumber: accountNumberField.optional(),
    holderName: holderNameField.optional(),
    sortOrder: sortOrderField.optional(),
    /** false deactivates it: borrowers stop seeing it; true shows it again. */
    active: activeField.optional(),
  })
  .refine((v) => Object.values(v).some((value) => value !== undefined), {
    error: collectionAccountMessages.nothingToChange,
    path: ['holderName'],
  });

const collectionAccountParams = z.object({ id: idField(collectionAccountMessages.id) });

/** A collection account as staff see it. */
export const collectionAccountItem = z.object({
  id: z.number().int(),
  bankCode: z.number().int(),
  bankName: z.string(),
  accountNumber: z.string(),
  holderName: z.string(),
  active: z.boolean(),
  sortOrder: z.number().int(),
  createdAt: isoInstant,
  updatedAt: isoInstant,
});
export type CollectionAccountItem = z.infer<typeof collectionAccountItem>;

/** The collection accounts: every staff member reads, admins change (`catalog.manage`). */
export const staffCollectionAccountRows = {
  listCollectionAccounts: defineStaffEndpoint({
    method: 'GET',
    path: '/collection-accounts',
    access: 'staff',
    summary:
      "The lender's collection accounts, active and not, in the order borrowers see them, and the banks",
    response: jsonResponse(
      z.object({
        items: z.array(collectionAccountItem),
        /** The registered banks an account may be at (the borrowers' list), in code order. */
        banks: z.array(z.object({ code: z.number().int(), name: z.string() })),
      }),
    ),
  }),
  createCollectionAccount: defineStaffEndpoint({
    method: 'POST',
    path: '/collection-accounts',
    access: 'catalog.manage',
    summary: 'Adds a collection account borrowers may deposit into (audited)',
    body: createCollectionAccountBody,
    response: jsonResponse(z.object({ account: collectionAccountItem })),
  }),
  updateCollectionAccount: defineStaffEndpoint({
    method: 'PATCH',
    path: '/collection-accounts/:id',
    access: 'catalog.manage',
    summary: 'Edits, deactivates or reactivates a collection account (audited)',
    params: collectionAccountParams,
    body: updateCollectionAccountBody,
    response: jsonResponse(z.object({ account: collectionAccountItem })),
  }),
};
