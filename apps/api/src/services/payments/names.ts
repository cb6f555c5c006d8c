/** A borrower's full name as staff and the payment partner read it: the names given, in order. */
export function borrowerFullName(b: {
  firstName: string;
  secondName: string;
  firstSurname: string;
  secondSurname: string;
}): string {
  return [b.firstName, b.secondName, b.firstSurname, b.secondSurname]
    .filter((n) => n.trim() !== '')
    .join(' ');
}
