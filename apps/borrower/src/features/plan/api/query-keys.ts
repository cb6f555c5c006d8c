/** Every query of the plan and history screens starts with this key: one invalidation reloads them. */
export const planQueryKeys = {
  all: ['plan'] as const,
  loans: () => [...planQueryKeys.all, 'loans'] as const,
  wallet: () => [...planQueryKeys.all, 'wallet'] as const,
  schedule: (containerId: number) => [...planQueryKeys.all, 'schedule', containerId] as const,
};
