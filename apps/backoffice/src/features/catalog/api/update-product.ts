import type { StaffBodyOf } from '@prestamos-hn/contract';
import type { UpdateParams, UpdateResult } from 'react-admin';
import { callStaff } from '../../../lib/staff-api';
import { pricePart } from './create-product';
import type { ProductRecord } from './list-products';

/**
 * An admin's edit of a product: what changed of the product itself (name, description, period, or
 * retired / offered again) through updateProduct, then a changed price list through
 * updatePriceList. Unchanged parts are not sent; loans already requested keep their terms.
 */
export async function updateProduct(params: UpdateParams): Promise<UpdateResult<ProductRecord>> {
  // The form edits every field of the record it was given (react-admin types it as Partial).
  const data = params.data as ProductRecord;
  const previous: ProductRecord = params.previousData;
  const changes: StaffBodyOf<'updateProduct'> = {};
  if (data.name !== previous.name) changes.name = data.name;
  if ((data.description ?? '') !== previous.description) changes.description = data.description ?? '';
  if (data.periodType !== previous.periodType) changes.periodType = data.periodType;
  if (data.active !== previous.active) changes.active = data.active;
  let product = previous;
  if (Object.keys(changes).length > 0) {
    ({ product } = await callStaff('updateProduct', { params: { id: previous.id }, body: changes }));
  }
  const price = pricePart(data.price);
  const priceChanged = (Object.keys(price) as (keyof typeof price)[]).some(
    (key) => price[key] !== previous.price[key],
  );
  if (priceChanged) {
    ({ product } = await callStaff('updatePriceList', { params: { id: previous.id }, body: price }));
  }
  return { data: product };
}
