import { formatCents, JOURNAL_EVENT_LABELS, type JournalEventKind } from '@prestamos-hn/domain';

/** How the journal describes each entry, in the accountant's words (journal_entries.description). */
export const journalDescriptions = {
  disbursement: (loanId: number, reference: string | null) =>
    `Desembolso del préstamo n.º ${loanId}${reference ? `, referencia ${reference}` : ''}`,
  disbursementReversal: (loanId: number) => `Reversión del desembolso del préstamo n.º ${loanId}`,
  credit: (loanId: number, receiptId: number | null) =>
    receiptId === null
      ? `Depósito validado del préstamo n.º ${loanId}`
      : `Comprobante n.º ${receiptId} validado, préstamo n.º ${loanId}`,
  debit: (loanId: number) => `Pago aplicado a las cuotas del préstamo n.º ${loanId}`,
  release: (loanId: number) =>
    `Cargos pagados que ya no se deben vuelven al depósito del préstamo n.º ${loanId}`,
  reversal: (loanId: number, reversedKind: string, reversedEntryId: number) =>
    `Reversión de «${JOURNAL_EVENT_LABELS[reversedKind as JournalEventKind] ?? reversedKind}» (movimiento n.º ${reversedEntryId}), préstamo n.º ${loanId}`,
  refund: (loanId: number, reference: string | null) =>
    `Devolución de saldo a favor del préstamo n.º ${loanId}${reference ? `, referencia ${reference}` : ''}`,
  transferOut: (loanId: number, toLoanId: number | null) =>
    `Saldo a favor del préstamo n.º ${loanId} traspasado al préstamo n.º ${toLoanId ?? '—'}`,
  transferIn: (loanId: number, fromLoanId: number | null) =>
    `Saldo a favor del préstamo n.º ${fromLoanId ?? '—'} recibido en el préstamo n.º ${loanId}`,
  toCreditBalance: (loanId: number) =>
    `El préstamo n.º ${loanId} ya no debe: su depósito pasa a saldo a favor`,
  toUnapplied: (loanId: number) =>
    `El préstamo n.º ${loanId} debe: su saldo a favor pasa a depósito por aplicar`,
};

/** The staff alerts of the daily run's check of the books. */
export const booksAlertMessages = {
  unbalanced: (debitCents: number, creditCents: number) =>
    `La contabilidad no cuadra: los débitos suman L ${formatCents(debitCents)} y los créditos L ${formatCents(creditCents)}.`,
  portfolio: (portfolioCents: number, principalCents: number) =>
    `La cuenta Cartera de préstamos (L ${formatCents(portfolioCents)}) no es igual al capital pendiente de los préstamos (L ${formatCents(principalCents)}).`,
  wallets: (booksCents: number, walletsCents: number) =>
    `Los depósitos por aplicar y saldos a favor en la contabilidad (L ${formatCents(booksCents)}) no son iguales a lo que tienen las carteras de los clientes (L ${formatCents(walletsCents)}).`,
};

/** The refusals of the accounting screens. */
export const accountingMessages = {
  accountNotFound: 'No encontramos esa cuenta contable.',
  dateRangeOrder: 'La fecha inicial no puede ser posterior a la final.',
  dateRangeTooLong: 'El rango de fechas no puede pasar de 366 días.',
};
