import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';

/** One option list: `values` maps the stored value to its label, in display order. */
export const optionList = z.object({ values: z.record(z.string(), z.string()) });

export const fieldConstructorLists = [
  'bank',
  'home_status',
  'income_status',
  'business_type',
  'marital_status',
  'education',
] as const;

export const referenceDataCalls = {
  getFieldConstructor: defineEndpoint({
    file: 'getFieldConstructor.php',
    access: 'session',
    method: 'POST',
    envelope: 'legacy',
    request: z.object({}),
    payload: z.object({
      data: z.object(
        Object.fromEntries(fieldConstructorLists.map((l) => [l, optionList])) as {
          [K in (typeof fieldConstructorLists)[number]]: typeof optionList;
        },
      ),
    }),
  }),
};
