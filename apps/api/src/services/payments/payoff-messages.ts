import { lempirasText } from '@prestamos-hn/domain';

/** What the borrower is told about their credit (in-app notification and SMS), with "tú". */
export const payoffNotices = {
  /** Staff refunded (part of) the credit of a paid loan. */
  refunded: (loanId: number, refundedCents: number, reference: string) => ({
    title: 'Te devolvimos tu saldo a favor',
    body: `Te devolvimos ${lempirasText(refundedCents)} de tu saldo a favor del préstamo n.º ${loanId}. Referencia: ${reference}.`,
  }),
};

/** Refusals of the payoff and refund rows (404, 409 and 400 with a Spanish message). */
export const payoffStaffMessages = {
  loanNotFound: 'No encontramos ese préstamo.',
  amountRequired: 'Escribe el monto a devolver en lempiras, con hasta dos decimales (por ejemplo 25.50).',
  amountTooLarge: 'El monto a devolver no puede ser mayor a L 1,000,000.00.',
  referenceRequired: 'Escribe la referencia bancaria de la devolución.',
  notPaid: (statusLabel: string) =>
    `Solo se devuelve el saldo a favor de un préstamo pagado; este está en estado «${statusLabel}».`,
  noCredit: 'Este préstamo no tiene saldo a favor.',
  aboveCredit: (creditCents: number) =>
    `No puedes devolver más que el saldo a favor del préstamo (${lempirasText(creditCents)}).`,
};
