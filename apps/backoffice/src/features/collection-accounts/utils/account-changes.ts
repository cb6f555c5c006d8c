import type { StaffBodyOf } from '@prestamos-hn/contract';

type Editable = {
  bankCode: number;
  accountNumber: string;
  holderName: string;
  sortOrder: number;
  active: boolean;
};

/**
 * What an edit form changed of a collection account, as the update row takes it: only the fields
 * whose value differs (numbers read from the form's text), so an unchanged save sends nothing.
 */
export function accountChanges(
  previous: Editable,
  data: Partial<Record<keyof Editable, unknown>>,
): StaffBodyOf<'updateCollectionAccount'> {
  const changes: StaffBodyOf<'updateCollectionAccount'> = {};
  if (data.bankCode !== undefined && Number(data.bankCode) !== previous.bankCode)
    changes.bankCode = Number(data.bankCode);
  if (typeof data.accountNumber === 'string' && data.accountNumber.trim() !== previous.accountNumber)
    changes.accountNumber = data.accountNumber;
  if (typeof data.holderName === 'string' && data.holderName.trim() !== previous.holderName)
    changes.holderName = data.holderName;
  if (
    data.sortOrder !== undefined &&
    data.sortOrder !== null &&
    Number(data.sortOrder) !== previous.sortOrder
  )
    changes.sortOrder = Number(data.sortOrder);
  if (typeof data.active === 'boolean' && data.active !== previous.active) changes.active = data.active;
  return changes;
}
