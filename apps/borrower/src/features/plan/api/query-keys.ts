/** Every query of the plan and history screens starts with this key: one invalidation reloads them. */
export const planQueryKeys = {
  all: ['plan'] as const,
  loans: () => [...planQueryKeys.all, 'loans'] as const,
  wallet: (containerId: number) => [...planQueryKeys.all, 'wallet', containerId] as const,
  schedule: (containerId: number) => [...planQueryKeys.all, 'schedule', containerId] as const,
  receiptReference: (containerId: number, reference: string) =>
    [...planQueryKeys.all, 'receipt-reference', containerId, reference] as const,
};
