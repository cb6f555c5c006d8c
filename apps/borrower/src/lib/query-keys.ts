/**
 * The one query key of each server resource the app reads. Every feature that reads a resource uses
 * its key here (and, when several do, the query options of `shared-queries.ts`), so that the data
 * is held once and a change invalidates it once, for every screen that shows it. A family of keys
 * (one per loan, per document) shares its first element: the family's key invalidates them all.
 */
export const queryKeys = {
  // The borrower
  /** getAccount.php: who is logged in, and whether the e-mail is confirmed. */
  account: ['account'] as const,
  /** getProfile.php, the whole answer: Inicio, /aplicar and /perfil all read this one. */
  profile: ['profile'] as const,
  /** get_bankaccount.php, every key of it (whatever the profile's account was). */
  bankAccounts: ['bank-accounts'] as const,
  /** get_bankaccount.php, read again whenever the profile's account on file changes. */
  currentBankAccount: (profileAccount: { bank: string; account_number: string } | undefined) =>
    ['bank-accounts', profileAccount?.bank, profileAccount?.account_number] as const,
  /** Every wallet balance: the borrower's total and each loan's. */
  wallets: ['wallet'] as const,
  /** getWalletInfo.php without a loan: the sum over the borrower's loans (the profile's header). */
  walletTotal: ['wallet', 'total'] as const,
  /** getWalletInfo.php for one loan: 'Deposito por aplicar'. */
  wallet: (loanId: number) => ['wallet', loanId] as const,
  /** post_locations: the browser's position and the city the server makes of it. */
  location: ['location'] as const,

  // Loans
  /** getCustomerOfferList.php, the whole answer: /aplicar, /plan, /historial and the chat read this one. */
  loans: ['loans'] as const,
  /** getBorrowerRepaymentSchedule.php, every loan's. */
  schedules: ['schedule'] as const,
  /** getBorrowerRepaymentSchedule.php for one loan. */
  schedule: (loanId: number) => ['schedule', loanId] as const,
  /** getPayoffQuote.php, every loan's. */
  payoffQuotes: ['payoff'] as const,
  /** getPayoffQuote.php for one loan: what pays it off today. */
  payoffQuote: (loanId: number) => ['payoff', loanId] as const,
  /** getCollectionAccounts.php: the lender's accounts a borrower deposits into (issue 35). */
  collectionAccounts: ['collection-accounts'] as const,
  /** getLoanPayments.php, every loan's. */
  loanPaymentsAll: ['loan-payments'] as const,
  /** getLoanPayments.php for one loan: its receipts and the money applied (issue 35). */
  loanPayments: (loanId: number) => ['loan-payments', loanId] as const,
  /** getPagosReference.php, every check. */
  receiptReferences: ['receipt-reference'] as const,
  /** getPagosReference.php: whether a receipt with this reference was already sent for the loan. */
  receiptReference: (loanId: number, reference: string) => ['receipt-reference', loanId, reference] as const,
  /** getFactura.php: the newest request's summary. */
  invoice: ['invoice'] as const,
  /** get_contractPre.php and get_pagarePre.php, every rendering. */
  documents: ['documents'] as const,
  /** The contract or the promissory note rendered for one request being filled in. */
  document: (kind: string, request: object | null) => ['documents', kind, request] as const,
  /**
   * getFacturaPre.php: the cost of one request being filled in (issue 35). In the documents' family:
   * the contract prints the same quote, and both are read again together.
   */
  invoicePreview: (request: object | null) => ['documents', 'invoice', request] as const,

  // Reference data (the products and the staff-managed lists)
  /** getApplicationProfilev2.php: the products, those allowed for the borrower and the price lists. */
  applicationProfile: ['application-profile'] as const,
  /** getPurposeList.php. */
  purposes: ['purposes'] as const,
  /** getFieldConstructor.php: the option lists (banks, housing, income...): /perfil and /aplicar. */
  fieldOptions: ['field-options'] as const,
  /** getLocations.php: departments, municipalities and neighbourhoods. */
  locationLists: ['locations'] as const,

  // Notifications and the help chat
  /** Both notification calls: deleting one reloads the list and the badge. */
  notifications: ['notifications'] as const,
  /** getNotificationNum.php: the bell's badge. */
  notificationCount: ['notifications', 'count'] as const,
  /** getNotification.php: the bell's list. */
  notificationList: ['notifications', 'list'] as const,
  /** getChatMessages.php: the conversation as the app holds it. */
  chatMessages: ['chat', 'messages'] as const,
  /** getChatUnread.php: answers not read yet. */
  chatUnread: ['chat', 'unread'] as const,

  // Outside a session
  /** validardatoscenso.php: the census record of an identity number. */
  census: (identityNumber: string) => ['census', identityNumber] as const,
  /** validatemail.php with the link's token. */
  emailValidation: (token: string) => ['email-validation', token] as const,
  /** versionjs.txt: the published version. */
  publishedVersion: ['published-version'] as const,
};

/**
 * The `meta` of a query only the browser can answer (the phone's position): a server-rendered screen
 * shows it still loading, as the browser's first render does, and the browser asks once hydrated.
 */
export const BROWSER_ONLY_QUERY = { browserOnly: true } as const;
