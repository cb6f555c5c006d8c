/** Every query of the loan application starts with this key, so that one invalidation reloads them all. */
export const loanQueryKeys = {
  all: ['loans'] as const,
  applicationProfile: () => [...loanQueryKeys.all, 'application-profile'] as const,
  purposes: () => [...loanQueryKeys.all, 'purposes'] as const,
  offers: () => [...loanQueryKeys.all, 'offers'] as const,
  profile: () => [...loanQueryKeys.all, 'profile'] as const,
  banks: () => [...loanQueryKeys.all, 'banks'] as const,
  bankAccounts: () => [...loanQueryKeys.all, 'bank-accounts'] as const,
  documents: () => [...loanQueryKeys.all, 'documents'] as const,
  invoice: () => [...loanQueryKeys.all, 'invoice'] as const,
};
