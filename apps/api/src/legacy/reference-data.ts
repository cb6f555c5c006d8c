import { getFieldOptionLists, listLoanPurposes } from '../services/reference-data.ts';
import type { HandlerTable } from './handler.ts';

export const referenceDataHandlers = {
  getFieldConstructor: async ({ deps }) => {
    const lists = await getFieldOptionLists(deps);
    const empty = { values: {} };
    return {
      data: {
        bank: lists.bank ?? empty,
        home_status: lists.home_status ?? empty,
        income_status: lists.income_status ?? empty,
        business_type: lists.business_type ?? empty,
        marital_status: lists.marital_status ?? empty,
        education: lists.education ?? empty,
      },
    };
  },
  getPurposeList: ({ deps }) => listLoanPurposes(deps),
} satisfies HandlerTable<'getFieldConstructor' | 'getPurposeList'>;
