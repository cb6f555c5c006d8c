import type { StaffBodyOf } from '@prestamos-hn/contract';
import type { CreateParams, CreateResult } from 'react-admin';
import { callStaff } from '../../../lib/staff-api';
import type { ProductRecord } from './list-products';

type ProductInput = StaffBodyOf<'createProduct'>;

/** An admin adds a product with its price list (amounts already in centavos); offered at once. */
export async function createProduct(params: CreateParams): Promise<CreateResult<ProductRecord>> {
  // The form requires every field; the server checks them all again.
  const data = params.data as ProductInput;
  const { product } = await callStaff('createProduct', {
    body: {
      periodType: data.periodType,
      name: data.name,
      description: data.description ?? '',
      price: pricePart(data.price),
    },
  });
  return { data: product };
}

/** Only the price list's own fields (the form's record also carries the product's code and period). */
export function pricePart(price: ProductInput['price']): ProductInput['price'] {
  return {
    minAmountCents: price.minAmountCents,
    maxAmountCents: price.maxAmountCents,
    minDays: price.minDays,
    maxDays: price.maxDays,
    annualRateBp: price.annualRateBp,
    feeType: price.feeType,
    feeValue: price.feeValue,
    lateFeeCents: price.lateFeeCents ?? 0,
    graceDays: price.graceDays ?? 1,
    arrearsToleranceCents: price.arrearsToleranceCents ?? 100,
  };
}
