/**
 * The one query key of each staff resource our own queries read (`useQuery` with `useStaffCall`).
 * react-admin keys its data provider's calls itself (`[resource, 'getList', ...]`); the one of those
 * we invalidate by hand is named here too, so that it is written once.
 */
export const queryKeys = {
  /** GET dashboard: the day's counts, refreshed every minute. */
  dashboard: ['dashboard'] as const,
  /** GET portfolio: outstanding principal, weekly series, arrears buckets and PAR30. */
  portfolio: ['portfolio'] as const,
  /** GET borrowers/:id/ledger: one borrower's wallet ledger, receipts and schedules covered. */
  borrowerLedger: (borrowerId: number) => ['borrowers', borrowerId, 'ledger'] as const,
  /** GET loans/:id/payoff: a loan's payoff quote of today and its credit ('Liquidación'). */
  loanPayoff: (loanId: number) => ['loans', loanId, 'payoff'] as const,
  /** GET templates: the document templates with their versions. */
  templates: ['templates'] as const,
  /** GET holidays?year=: one year of the holiday calendar ('current': the server's current year). */
  holidays: (year: number | undefined) => ['holidays', year ?? 'current'] as const,
  /** Every year of the holiday calendar (invalidated after an add or a removal). */
  holidaysAll: ['holidays'] as const,
  /** GET collection-accounts: the lender's accounts borrowers deposit into, and the banks. */
  collectionAccounts: ['collection-accounts'] as const,
  /** GET chats/unread: the caller's unread borrower messages. */
  chatUnread: ['chat-unread'] as const,
  /** GET chats/assignees: the staff a conversation can be given to. */
  chatAssignees: ['chat-assignees'] as const,
  /** GET accounting/trial-balance?date=: the books up to a date ('today': the server's today). */
  trialBalance: (date: string | undefined) => ['accounting', 'trial-balance', date ?? 'today'] as const,
  /** GET accounting/journal: one page of the journal for its filters. */
  journal: (filter: object) => ['accounting', 'journal', filter] as const,
  /** GET accounting/accounts/:code/ledger: one page of an account's ledger for its dates. */
  accountLedger: (code: string, filter: object) => ['accounting', 'ledger', code, filter] as const,
  /** GET alerts: the alerts the system raised for staff (the books' daily check). */
  staffAlerts: ['alerts'] as const,
  /** react-admin's key of the conversations list (the `chats` resource's getList, every page and filter). */
  chatList: ['chats', 'getList'] as const,
  /** GET bank-statements?page=: the statements imported, newest first ('Conciliación'). */
  bankStatements: (page: number) => ['bank-statements', 'list', page] as const,
  /** GET bank-statements/:id: a statement, its lines and the matches proposed. */
  bankStatement: (id: number) => ['bank-statements', id] as const,
  /** Everything of 'Conciliación' (invalidated after an import or a confirmation). */
  bankStatementsAll: ['bank-statements'] as const,
  /** GET bank-statement-layouts: each bank's statement layout. */
  statementLayouts: ['bank-statement-layouts'] as const,
};
