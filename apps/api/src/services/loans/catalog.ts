import { isPeriod, termOptions, type Period } from '@prestamos-hn/domain';
import { asc, count, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { loanPurposes, loans, priceLists, products } from '../../db/schema/index.ts';
import { UserError } from '../../errors.ts';
import { isUniqueViolation } from '../shared/unique-violation.ts';
import { writeAudit, type AuditEntry } from '../audit.ts';
import type { Deps } from '../deps.ts';
import { conflict, notFound } from '../shared/refusals.ts';
import type { StaffMember } from '../shared/staff-member.ts';
import { loanStaffMessages } from './messages.ts';
import { termsOf } from './terms.ts';

/**
 * What admins change about what borrowers are offered: products (retired, never deleted), their
 * price lists and the loan purposes. A loan keeps its own copy of the terms it was requested
 * under, so nothing here alters a loan already requested. Every change is audited.
 */

export interface PriceListInput {
  minAmountCents: number;
  maxAmountCents: number;
  minDays: number;
  maxDays: number;
  /** Basis points a year (6000 = 60 %). */
  annualRateBp: number;
  feeType: 'fixed' | 'percent';
  /** Centavos per instalment (fixed) or basis points of the amount (percent). */
  feeValue: number;
  /** Centavos charged once on an instalment the day it turns late; left out: 0 for a new product, unchanged on an edit. */
  lateFeeCents?: number;
  /** Days after a due date before the late fee is charged (0 to 60); left out: 1 for a new product, unchanged on an edit. */
  graceDays?: number;
  /** Centavos an instalment may be short and be neither late nor charged (0 to L 1,000); left out: 100 for a new product, unchanged on an edit. */
  arrearsToleranceCents?: number;
}

/** What a new product gets when its price list leaves them out (the columns' defaults; decision 014). */
const NEW_PRICE_LIST_DEFAULTS = { lateFeeCents: 0, graceDays: 1, arrearsToleranceCents: 100 } as const;

export const catalogMessages = {
  productName: 'Escribe el nombre del producto (hasta 80 caracteres).',
  productDescription: 'La descripción puede tener hasta 300 caracteres.',
  period: 'Elige la periodicidad: semanal, quincenal o mensual.',
  amounts:
    'Los montos van en múltiplos de L 10: el mínimo mayor que cero y no mayor que el máximo (hasta L 1,000,000).',
  days: 'El plazo mínimo debe ser mayor que cero y no mayor que el máximo (hasta 720 días).',
  noTerm: 'Con estos plazos el producto no ofrecería ningún plazo: revisa los días mínimo y máximo.',
  rate: 'La tasa anual debe estar entre 0 % y 1000 %.',
  fee: 'El gasto administrativo es una cantidad fija en centavos o un porcentaje del monto entre 0 % y 100 %.',
  lateFee: 'El recargo por atraso es una cantidad fija entre L 0 y L 10,000 por cuota.',
  graceDays: 'Los días de gracia son un número entero de 0 a 60.',
  arrearsTolerance: 'La tolerancia de mora es una cantidad fija entre L 0 y L 1,000.',
  purposeTitle: 'Escribe el propósito (hasta 80 caracteres).',
} as const;

const isWhole = (n: unknown, min: number, max: number): n is number =>
  typeof n === 'number' && Number.isSafeInteger(n) && n >= min && n <= max;

function checkPriceList(
  period: Period,
  p: PriceListInput,
  current: Pick<Required<PriceListInput>, keyof typeof NEW_PRICE_LIST_DEFAULTS> = NEW_PRICE_LIST_DEFAULTS,
): Required<PriceListInput> {
  const step = 1000; // L 10 in centavos
  if (
    !isWhole(p.minAmountCents, step, 100_000_000) ||
    !isWhole(p.maxAmountCents, step, 100_000_000) ||
    p.minAmountCents > p.maxAmountCents ||
    p.minAmountCents % step !== 0 ||
    p.maxAmountCents % step !== 0
  ) {
    throw new UserError(catalogMessages.amounts, { field: 'price.minAmountCents' });
  }
  if (!isWhole(p.minDays, 1, 720) || !isWhole(p.maxDays, 1, 720) || p.minDays > p.maxDays) {
    throw new UserError(catalogMessages.days, { field: 'price.minDays' });
  }
  if (termOptions(period, p.minDays, p.maxDays).length === 0) {
    throw new UserError(catalogMessages.noTerm, { field: 'price.minDays' });
  }
  if (!isWhole(p.annualRateBp, 0, 100_000))
    throw new UserError(catalogMessages.rate, { field: 'price.annualRateBp' });
  const feeOk =
    (p.feeType === 'fixed' && isWhole(p.feeValue, 0, 100_000_000)) ||
    (p.feeType === 'percent' && isWhole(p.feeValue, 0, 10_000));
  if (!feeOk) throw new UserError(catalogMessages.fee, { field: 'price.feeValue' });
  const lateFeeCents = p.lateFeeCents ?? current.lateFeeCents;
  if (!isWhole(lateFeeCents, 0, 1_000_000))
    throw new UserError(catalogMessages.lateFee, { field: 'price.lateFeeCents' });
  const graceDays = p.graceDays ?? current.graceDays;
  if (!isWhole(graceDays, 0, 60))
    throw new UserError(catalogMessages.graceDays, { field: 'price.graceDays' });
  const arrearsToleranceCents = p.arrearsToleranceCents ?? current.arrearsToleranceCents;
  if (!isWhole(arrearsToleranceCents, 0, 100_000)) {
    throw new UserError(catalogMessages.arrearsTolerance, { field: 'price.arrearsToleranceCents' });
  }
  return {
    minAmountCents: p.minAmountCents,
    maxAmountCents: p.maxAmountCents,
    minDays: p.minDays,
    maxDays: p.maxDays,
    annualRateBp: p.annualRateBp,
    feeType: p.feeType,
    feeValue: p.feeValue,
    lateFeeCents,
    graceDays,
    arrearsToleranceCents,
  };
}

function checkText(value: string | undefined, max: number, message: string, required: boolean): string {
  const text = (value ?? '').trim();
  if ((required && text === '') || text.length > max) throw new UserError(message);
  return text;
}

/** Every product (retired ones too) with its price list and how many loans were requested under it. */
export async function listProducts(deps: Pick<Deps, 'db'>) {
  const rows = await deps.db
    .select({
      product: products,
      price: priceLists,
      loans: sql<number>`(select count(*) from ${loans} where ${loans.productId} = ${products.id})`,
    })
    .from(products)
    .innerJoin(priceLists, eq(priceLists.productId, products.id))
    .orderBy(asc(products.id));
  return rows.map((r) => ({
    id: r.product.id,
    periodType: r.product.periodType as Period,
    name: r.product.name,
    description: r.product.description,
    active: r.product.active,
    price: termsOf(r.product, r.price),
    termOptions: termOptions(r.product.periodType as Period, r.price.minDays, r.price.maxDays),
    loans: Number(r.loans),
  }));
}

async function productView(deps: Pick<Deps, 'db'>, id: number) {
  const product = (await listProducts(deps)).find((p) => p.id === id);
  if (!product) throw notFound(loanStaffMessages.productNotFound);
  return product;
}

/** An admin adds a product and its price list (the next code), active at once. */
export async function createProduct(
  deps: Pick<Deps, 'db' | 'clock'>,
  staff: StaffMember,
  input: { periodType: string; name: string; description?: string; price: PriceListInput },
) {
  if (!isPeriod(input.periodType)) throw new UserError(catalogMessages.period, { field: 'periodType' });
  const name = checkText(input.name, 80, catalogMessages.productName, true);
  const description = checkText(input.description, 300, catalogMessages.productDescription, false);
  const price = checkPriceList(input.periodType, input.price);
  const id = await createUnderNextId(
    deps,
    staff,
    { column: products.id, savedMeanwhile: loanStaffMessages.productSavedMeanwhile },
    async (tx, productId) => {
      await tx.insert(products).values({ id: productId, periodType: input.periodType, name, description });
      await tx.insert(priceLists).values({ productId, ...price });
    },
    {
      action: 'product.create',
      entity: 'product',
      after: { periodType: input.periodType, name, description, active: true, price },
    },
  );
  return productView(deps, id);
}

/**
 * An admin changes a product's name, description or period, or retires it (`active: false`) or
 * offers it again. A retired product leaves the application screen and refuses new requests;
 * loans already requested under it go on unchanged.
 */
export async function updateProduct(
  deps: Pick<Deps, 'db' | 'clock'>,
  staff: StaffMember,
  id: number,
  input: { name?: string; description?: string; periodType?: string; active?: boolean },
) {
  const before = await productView(deps, id);
  const changes: Partial<typeof products.$inferInsert> = {};
  if (input.name !== undefined) changes.name = checkText(input.name, 80, catalogMessages.productName, true);
  if (input.description !== undefined) {
    changes.description = checkText(input.description, 300, catalogMessages.productDescription, false);
  }
  if (input.periodType !== undefined) {
    if (!isPeriod(input.periodType)) throw new UserError(catalogMessages.period, { field: 'periodType' });
    if (termOptions(input.periodType, before.price.minDays, before.price.maxDays).length === 0) {
      throw new UserError(catalogMessages.noTerm, { field: 'periodType' });
    }
    changes.periodType = input.periodType;
  }
  if (input.active !== undefined) changes.active = input.active;
  if (Object.keys(changes).length === 0) return before;
  await saveAudited(deps, staff, (tx) => tx.update(products).set(changes).where(eq(products.id, id)), {
    action: 'product.update',
    entity: 'product',
    entityId: id,
    before: {
      name: before.name,
      description: before.description,
      periodType: before.periodType,
      active: before.active,
    },
    after: changes,
  });
  return productView(deps, id);
}

/**
 * An admin changes a product's price list. New requests are checked and quoted with it; every loan
 * already requested keeps the terms it copied at request.
 */
export async function updatePriceList(
  deps: Pick<Deps, 'db' | 'clock'>,
  staff: StaffMember,
  productId: number,
  input: PriceListInput,
) {
  const before = await productView(deps, productId);
  const price = checkPriceList(before.periodType, input, before.price);
  await saveAudited(
    deps,
    staff,
    (tx) => tx.update(priceLists).set(price).where(eq(priceLists.productId, productId)),
    {
      action: 'price_list.update',
      entity: 'product',
      entityId: productId,
      before: { ...before.price },
      after: { ...price },
    },
  );
  return productView(deps, productId);
}

/** Every loan purpose (retired ones too), with how many loans name it. */
export async function listPurposes(deps: Pick<Deps, 'db'>) {
  const rows = await deps.db
    .select({
      id: loanPurposes.id,
      title: loanPurposes.title,
      active: loanPurposes.active,
      loans: count(loans.id),
    })
    .from(loanPurposes)
    .leftJoin(loans, eq(loans.purposeId, loanPurposes.id))
    .groupBy(loanPurposes.id)
    .orderBy(asc(loanPurposes.id));
  return rows.map((r) => ({ ...r, loans: Number(r.loans) }));
}

async function purposeView(deps: Pick<Deps, 'db'>, id: number) {
  const purpose = (await listPurposes(deps)).find((p) => p.id === id);
  if (!purpose) throw notFound(loanStaffMessages.purposeNotFound);
  return purpose;
}

/**
 * The id a new product or purpose gets: one more than the largest. Two admins adding at once pick
 * the same one, and the second insert meets the primary key (the caller's "saved meanwhile").
 */
async function nextId(tx: Tx, id: typeof products.id | typeof loanPurposes.id): Promise<number> {
  const [next] = await tx.select({ id: sql<number>`coalesce(max(${id}), 0) + 1` }).from(id.table);
  return Number(next!.id);
}

/** An admin's change to the catalogue and its audit row, in one transaction. */
async function saveAudited(
  deps: Pick<Deps, 'db' | 'clock'>,
  staff: StaffMember,
  write: (tx: Tx) => Promise<unknown>,
  audit: Omit<AuditEntry, 'actor'>,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    await write(tx);
    await writeAudit(deps, tx, { actor: { type: 'staff', id: staff.id }, ...audit });
  });
}

/**
 * An admin's new product or purpose: inserted under the next id with its audit row, in one
 * transaction; the primary key met by a concurrent add is the "saved meanwhile" conflict.
 */
async function createUnderNextId(
  deps: Pick<Deps, 'db' | 'clock'>,
  staff: StaffMember,
  id: { column: typeof products.id | typeof loanPurposes.id; savedMeanwhile: string },
  insert: (tx: Tx, id: number) => Promise<unknown>,
  audit: Omit<AuditEntry, 'actor' | 'entityId'>,
): Promise<number> {
  try {
    return await deps.db.transaction(async (tx) => {
      const next = await nextId(tx, id.column);
      await insert(tx, next);
      await writeAudit(deps, tx, { actor: { type: 'staff', id: staff.id }, ...audit, entityId: next });
      return next;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(id.savedMeanwhile);
    throw error;
  }
}

/** An admin adds a loan purpose (the next id). */
export async function createPurpose(
  deps: Pick<Deps, 'db' | 'clock'>,
  staff: StaffMember,
  input: { title: string },
) {
  const title = checkText(input.title, 80, catalogMessages.purposeTitle, true);
  const id = await createUnderNextId(
    deps,
    staff,
    { column: loanPurposes.id, savedMeanwhile: loanStaffMessages.purposeSavedMeanwhile },
    (tx, purposeId) => tx.insert(loanPurposes).values({ id: purposeId, title }),
    { action: 'purpose.create', entity: 'purpose', after: { title, active: true } },
  );
  return purposeView(deps, id);
}

/** An admin renames a purpose, or retires it (`active: false`: no longer offered) or offers it again. */
export async function updatePurpose(
  deps: Pick<Deps, 'db' | 'clock'>,
  staff: StaffMember,
  id: number,
  input: { title?: string; active?: boolean },
) {
  const before = await purposeView(deps, id);
  const changes: Partial<typeof loanPurposes.$inferInsert> = {};
  if (input.title !== undefined)
    changes.title = checkText(input.title, 80, catalogMessages.purposeTitle, true);
  if (input.active !== undefined) changes.active = input.active;
  if (Object.keys(changes).length === 0) return before;
  await saveAudited(
    deps,
    staff,
    (tx) => tx.update(loanPurposes).set(changes).where(eq(loanPurposes.id, id)),
    {
      action: 'purpose.update',
      entity: 'purpose',
      entityId: id,
      before: { title: before.title, active: before.active },
      after: changes,
    },
  );
  return purposeView(deps, id);
}
