import {
  statementLayoutProblems,
  type BankStatementLayout,
  type StatementAmountMode,
  type StatementDateFormat,
  type StatementDecimalSeparator,
  type StatementDelimiter,
  type StatementThousandsSeparator,
} from '@prestamos-hn/domain';
import type { LayoutItem } from '../api/list-statement-layouts';

/** The layout form's values: the choices as they are, the numbers as the person typed them. */
export interface LayoutFormValues {
  delimiter: StatementDelimiter;
  skipRows: string;
  dateColumn: string;
  referenceColumn: string;
  descriptionColumn: string;
  amountMode: StatementAmountMode;
  amountColumn: string;
  creditColumn: string;
  debitColumn: string;
  dateFormat: StatementDateFormat;
  decimalSeparator: StatementDecimalSeparator;
  thousandsSeparator: StatementThousandsSeparator;
}

export type LayoutFormErrors = Partial<Record<keyof LayoutFormValues, string>>;

/** A bank without a layout yet starts from the most common export: a header row, comma, day first. */
export const NEW_LAYOUT: LayoutFormValues = {
  delimiter: ',',
  skipRows: '1',
  dateColumn: '1',
  referenceColumn: '2',
  descriptionColumn: '3',
  amountMode: 'signed',
  amountColumn: '4',
  creditColumn: '',
  debitColumn: '',
  dateFormat: 'dd/mm/yyyy',
  decimalSeparator: '.',
  thousandsSeparator: ',',
};

const text = (n: number | null) => (n === null ? '' : String(n));

/** The form's values for a saved layout, or the new-layout defaults. */
export function layoutFormValues(item: LayoutItem | undefined): LayoutFormValues {
  if (!item) return NEW_LAYOUT;
  return {
    delimiter: item.delimiter,
    skipRows: text(item.skipRows),
    dateColumn: text(item.dateColumn),
    referenceColumn: text(item.referenceColumn),
    descriptionColumn: text(item.descriptionColumn),
    amountMode: item.amountMode,
    amountColumn: text(item.amountColumn),
    creditColumn: text(item.creditColumn),
    debitColumn: text(item.debitColumn),
    dateFormat: item.dateFormat,
    decimalSeparator: item.decimalSeparator,
    thousandsSeparator: item.thousandsSeparator,
  };
}

/** A whole number as typed ('4', ' 12 '), or NaN: the domain's checks then name the field. */
const whole = (value: string) => (/^\s*\d{1,3}\s*$/.test(value) ? Number(value) : Number.NaN);

/**
 * The layout the form describes, checked by the same rules the server applies
 * (`statementLayoutProblems`), with each problem on its field; the columns the chosen mode does not
 * use are left out.
 */
export function readLayoutForm(values: LayoutFormValues): {
  layout?: BankStatementLayout;
  errors: LayoutFormErrors;
} {
  const isSplit = values.amountMode === 'split';
  const layout: BankStatementLayout = {
    delimiter: values.delimiter,
    skipRows: whole(values.skipRows),
    dateColumn: whole(values.dateColumn),
    referenceColumn: whole(values.referenceColumn),
    descriptionColumn: whole(values.descriptionColumn),
    amountMode: values.amountMode,
    amountColumn: isSplit ? null : whole(values.amountColumn),
    creditColumn: isSplit ? whole(values.creditColumn) : null,
    debitColumn: isSplit ? whole(values.debitColumn) : null,
    dateFormat: values.dateFormat,
    decimalSeparator: values.decimalSeparator,
    thousandsSeparator: values.thousandsSeparator,
  };
  const errors: LayoutFormErrors = {};
  for (const { field, message } of statementLayoutProblems(layout)) errors[field] ??= message;
  return Object.keys(errors).length > 0 ? { errors } : { layout, errors };
}
