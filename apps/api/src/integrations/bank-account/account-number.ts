/** The form compared and sent: the number without the hyphens and spaces people type. */
export function normaliseAccountNumber(accountNumber: string): string {
  return accountNumber.replace(/[\s-]+/g, '');
}
