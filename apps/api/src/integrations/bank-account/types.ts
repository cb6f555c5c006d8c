export interface BankAccountCheck {
  /**
   * Whether the account number is known to the external existence lookup (SPEC section 5, loan
   * request). Hyphens and spaces are ignored. Rejects when the lookup cannot answer.
   */
  exists(accountNumber: string): Promise<boolean>;
}
