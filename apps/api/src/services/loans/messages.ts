import { formatCents } from '@prestamos-hn/domain';

/**
 * What the borrower is told about their loan (in-app notification, and SMS for staff decisions and
 * expiry), in the product's Spanish with "tú". Amounts are centavos, formatted here, at the edge.
 */
const lempiras = (cents: number) => `L ${formatCents(cents)}`;

/** 'Paga tus cuotas en BAC Credomatic 200123456 o Banco Atlántida 1100223344, con la referencia 42 …'. */
function whereToPay({ loanId, accounts }: { loanId: number; accounts: readonly string[] }): string {
  const reference = `escribe como referencia el número de tu préstamo: ${loanId}.`;
  if (accounts.length === 0) return `Cuando deposites, ${reference}`;
  const list =
    accounts.length === 1 ? accounts[0]! : `${accounts.slice(0, -1).join(', ')} o ${accounts.at(-1)!}`;
  return `Paga tus cuotas en ${list}; ${reference}`;
}

export const loanNotices = {
  requested: (amountCents: number) => ({
    title: 'Solicitud recibida',
    body: `Recibimos tu solicitud de préstamo por ${lempiras(amountCents)}. Te daremos una respuesta en un máximo de 24 horas.`,
  }),
  taken: (amountCents: number) => ({
    title: 'Estamos revisando tu solicitud',
    body: `Un analista está revisando tu solicitud de préstamo por ${lempiras(amountCents)}. Te avisaremos en cuanto tengamos una respuesta.`,
  }),
  approved: (amountCents: number) => ({
    title: '¡Tu préstamo fue aprobado!',
    body: `Aprobamos tu préstamo por ${lempiras(amountCents)}. Pronto depositaremos el dinero en tu cuenta bancaria.`,
  }),
  rejected: (amountCents: number, reason: string) => ({
    title: 'Tu solicitud no fue aprobada',
    body: `Tu solicitud de préstamo por ${lempiras(amountCents)} no fue aprobada. Motivo: ${reason}`,
  }),
  /**
   * The money was sent. Where to pay (issue 35, point 1): the active collection accounts, short
   * ('BAC Credomatic 200123456'), and the reference to write on the deposit, the loan's number.
   */
  disbursed: (
    amountCents: number,
    reference: string,
    firstDueDate: string,
    firstCents: number,
    payTo: { loanId: number; accounts: readonly string[] },
  ) => ({
    title: 'Depositamos tu préstamo',
    body: `Depositamos ${lempiras(amountCents)} en tu cuenta bancaria (referencia ${reference}). Tu primera cuota de ${lempiras(firstCents)} vence el ${firstDueDate}. ${whereToPay(payTo)} Revisa tu plan de pagos en la app.`,
  }),
  disbursementReversed: (amountCents: number) => ({
    title: 'Revertimos el depósito de tu préstamo',
    body: `Revertimos el registro del depósito de tu préstamo por ${lempiras(amountCents)}: tu préstamo vuelve a estar aprobado y por ahora no tiene plan de pagos, así que no debes pagar cuotas. Te avisaremos cuando lo depositemos de nuevo. Si tienes dudas, escríbenos por el chat de ayuda.`,
  }),
  expired: (amountCents: number) => ({
    title: 'Tu solicitud venció',
    body: `Tu solicitud de préstamo por ${lempiras(amountCents)} venció sin completarse. Puedes solicitar un nuevo préstamo cuando quieras.`,
  }),
};

/** Refusals of the staff side of loans (409s, 404s and 400s with a Spanish message). */
export const loanStaffMessages = {
  loanNotFound: 'No encontramos esa solicitud de préstamo.',
  otherAnalystDecided: 'Otro analista ya decidió sobre esta solicitud.',
  notDecidable: (label: string) => `Esta solicitud está en estado «${label}» y ya no se puede cambiar así.`,
  reasonRequired: 'Escribe el motivo del rechazo: el cliente lo leerá.',
  reasonTooLong: 'El motivo del rechazo no puede tener más de 500 caracteres.',
  notApproved: (label: string) =>
    `Solo se desembolsa un préstamo aprobado (Reunido); este está en estado «${label}».`,
  alreadyDisbursed: 'Este préstamo ya fue desembolsado con otra fecha o referencia.',
  anotherOpenLoan: (id: number, label: string) =>
    `Este cliente ya tiene otro préstamo abierto (n.º ${id}, «${label}») y solo puede tener uno. Si es una solicitud, recházala antes de registrar este desembolso.`,
  reversalReasonRequired: 'Escribe el motivo de la reversión.',
  reversalReasonTooLong: 'El motivo no puede tener más de 500 caracteres.',
  disbursementDate: 'Escribe la fecha del desembolso (AAAA-MM-DD).',
  disbursementInFuture: 'La fecha del desembolso no puede ser posterior a hoy.',
  disbursementBeforeRequest: 'La fecha del desembolso no puede ser anterior a la solicitud.',
  referenceRequired: 'Escribe la referencia de la transferencia del desembolso.',
  referenceTooLong: 'La referencia no puede tener más de 100 caracteres.',
  productNotFound: 'No encontramos ese producto.',
  purposeNotFound: 'No encontramos ese propósito.',
  templateNotFound: 'No encontramos esa plantilla.',
  templateTitle: 'Escribe un título de hasta 120 caracteres.',
  templateBody: 'Escribe el texto de la plantilla (hasta 100.000 caracteres).',
  unknownPlaceholders: (names: string[]) =>
    `La plantilla usa campos que no existen: ${names.map((n) => `{{${n}}}`).join(', ')}.`,
  templateSavedMeanwhile: 'Otra persona guardó esta plantilla al mismo tiempo. Recarga e intenta de nuevo.',
  productSavedMeanwhile: 'Otra persona creó un producto al mismo tiempo. Intenta de nuevo.',
  purposeSavedMeanwhile: 'Otra persona creó un propósito al mismo tiempo. Intenta de nuevo.',
} as const;
