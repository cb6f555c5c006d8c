/**
 * Plan and history texts the SPEC only describes (sections 2 and 4), written in plain Spanish (tú).
 * What the SPEC words letter for letter is here too, so the screens take every word from one place;
 * the proof-of-payment messages are @prestamos-hn/domain's.
 */
import { HOLY_WEEK_CLOSURE, RECEIPT_HOURS_NOTICE } from '@prestamos-hn/domain';

// SPEC section 2, letter for letter.
export const LOADING_TEXT = 'Cargando....';
export const UPLOADING_TEXT = 'Subiendo....';
export const WALLET_LABEL = 'Deposito por aplicar';
export const PLAN_HEADING = 'Plan de pagos';
export const SEND_BAC_RECEIPT_LABEL = 'Enviar comprobante BAC';
export const SEND_RECEIPT_LABEL = 'Enviar comprobante';
export const VIEW_CONTRACT_LABEL = 'Ver contrato';
export const NO_CONTRACT_TEXT = 'No hay contrato generado';
export const NO_INSTALMENTS_TEXT = 'No tienes lista de pagos';
export const NO_LOAN_TEXT =
  'No tienes préstamos aprobados aún, puedes solicitar un nuevo préstamo o ver el estado de tu solicitud.';
export const HISTORY_HEADING = 'Historial';
export const HISTORY_EMPTY_TEXT = 'No hay nada que mostrar aún.';
export const BAC_DIALOG_TITLE = 'Subir Archivo BAC';
export const TIGO_DIALOG_TITLE = 'Subir archivo TIGO';
export const AMOUNT_LABEL = 'Monto a Pagar';
export const REFERENCE_LABEL = 'Número de Referencia';

// Described by the SPEC, worded here.
/** The plan screen's title: the name of its tile on Inicio. */
export const PLAN_TITLE = 'Plan';
export const BACK_LABEL = 'Volver';
export const CLOSE_LABEL = 'Cerrar';
export const CONTRACT_TITLE = 'Contrato';
export const CONTRACT_PDF_LABEL = 'Descargar contrato (PDF)';
/** The final plan, dates counted from the disbursement (decision 014): once the money is sent. */
export const PLAN_PDF_LABEL = 'Descargar plan de pagos (PDF)';
export const LOAN_NUMBER_LABEL = 'Préstamo N.º';
export const DEBT_LABEL = 'Total a pagar';
export const ATTACH_RECEIPT_LABEL = 'Adjuntar foto del comprobante';
export const CHANGE_RECEIPT_LABEL = 'Cambiar foto';
export const REFERENCE_FIRST_TEXT = 'Escribe el número de referencia para adjuntar la foto.';
export const NOT_AN_IMAGE_TEXT = 'El comprobante debe ser una foto (imagen).';
export const DETAILS_LABEL = 'Ver detalles';
export const HIDE_DETAILS_LABEL = 'Ocultar detalles';

/** The payoff (decision 014, point 4): pay the whole loan today, with only the interest earned so far. */
export const PAYOFF_LABEL = 'Liquidar préstamo';
export const PAYOFF_LOADING_TEXT = 'Calculando el monto para liquidar tu préstamo…';
/** 'Si pagas hoy (05/01/2027) L 10,516.67, terminas tu préstamo.' */
export const payoffText = (amount: string, asOf: string): string =>
  `Si pagas ${amount} hoy (${asOf}), terminas de pagar tu préstamo. Solo pagas los intereses de los días que usaste el dinero.`;
/** What the payoff is made of, in the order the server adds it up. */
export const PAYOFF_PARTS_LABELS = {
  principal: 'Capital',
  interest: 'Intereses a hoy',
  fees: 'Gastos administrativos',
  lateFees: 'Recargos por mora',
  creditedBack: 'Pagado por adelantado (se descuenta)',
} as const;
/** Under a disabled 'Liquidar préstamo' (receipts are accepted 00:00-19:59). */
export const PAYOFF_OUTSIDE_HOURS_TEXT =
  'Fuera del horario de hoy: mañana podrás liquidar tu préstamo (el monto cambia cada día).';
/** The amount field's note when the dialog was opened from 'Liquidar préstamo'. */
export const payoffAmountHint = (amount: string): string => `Liquidación del préstamo: ${amount}`;

/** Where to pay (issue 35, point 1): the lender's collection accounts under 'Plan de pagos'. */
export const WHERE_TO_PAY_TITLE = 'Dónde pagar';
export const WHERE_TO_PAY_TEXT =
  'Deposita tus cuotas en cualquiera de estas cuentas y luego envía la foto de tu comprobante. Puedes pagar en cualquiera de estos bancos, aunque el botón diga BAC.';
/** 'Escribe como referencia el número de tu préstamo: 42' */
export const referenceText = (loanNumber: number): string =>
  `Escribe como referencia el número de tu préstamo: ${loanNumber}`;
export const ACCOUNT_NUMBER_LABEL = 'Cuenta';
export const ACCOUNT_HOLDER_LABEL = 'A nombre de';
/** The copy buttons' accessible names: 'Copiar cuenta de BAC Credomatic', 'Copiar referencia'. */
export const copyAccountLabel = (bankName: string): string => `Copiar cuenta de ${bankName}`;
export const COPY_REFERENCE_LABEL = 'Copiar referencia';
export const COPY_LABEL = 'Copiar';
/** Said (aria-live) and shown when a copy worked: 'Copiado: 200123456'. */
export const copiedText = (value: string): string => `Copiado: ${value}`;
/** When neither the clipboard nor the fallback worked: the borrower copies by hand. */
export const copyFailedText = (value: string): string =>
  `No pudimos copiar. Mantén presionado el número para copiarlo: ${value}`;
/** The receipt dialog's bank (issue 35, point 1): any bank of 'Dónde pagar' is fine. */
export const DEPOSIT_BANK_LABEL = 'Banco donde depositaste';
export const ANY_LISTED_BANK_TEXT = 'Puedes depositar en cualquiera de las cuentas de «Dónde pagar».';
/** What 'Enviar comprobante BAC' means when the borrower picks nothing: BAC Credomatic (code 2). */
export const DEFAULT_DEPOSIT_BANK = 2;
export const NO_COLLECTION_ACCOUNTS_TEXT =
  'Pronto verás aquí las cuentas donde puedes depositar. Mientras tanto, pregúntanos por el chat de ayuda.';
export const COLLECTION_ACCOUNTS_ERROR_TEXT =
  'No pudimos cargar las cuentas donde puedes depositar. Intenta de nuevo más tarde o pregúntanos por el chat de ayuda.';

/** The credit balance of a paid loan (decision 014, point 5). */
export const CREDIT_LABEL = 'Saldo a tu favor';
export const CREDIT_TEXT =
  'Pagaste más de lo que debías. Te devolveremos este saldo, o lo aplicaremos a la primera cuota de tu próximo préstamo; te avisaremos por mensaje de texto.';

/** The receipt hours notice: the stated hours (receipts are accepted 00:00-19:59, SPEC section 5). */
export const RECEIPT_HOURS_TEXT = `Recibimos comprobantes de ${RECEIPT_HOURS_NOTICE}. Los pagos enviados después de esa hora se aplican al día siguiente.`;

/** The wallet covers the debt: paid in full, waiting for the loan to be closed. */
export const awaitingClosureText = (lastPaymentDate: string | null): string =>
  lastPaymentDate
    ? `¡Tu préstamo está pagado por completo! Lo cerraremos en los próximos días. Tu último pago estaba programado para el ${lastPaymentDate}.`
    : '¡Tu préstamo está pagado por completo! Lo cerraremos en los próximos días.';

/** The Holy Week closure (16-19 April, Honduras time), shown on the plan without a loan. */
export const HOLY_WEEK_NOTICE = `Por Semana Santa nuestras oficinas están cerradas del ${HOLY_WEEK_CLOSURE.firstDay} al ${HOLY_WEEK_CLOSURE.lastDay} de abril. Las solicitudes y los pagos que envíes se atenderán a partir del ${HOLY_WEEK_CLOSURE.lastDay + 1} de abril.`;

/** The status message at the top of the information block, by loan status (SPEC section 4's offers). */
const STATUS_MESSAGES: Readonly<Record<number, string>> = {
  0: 'Recibimos tu solicitud y la estamos revisando.',
  1: 'Tu solicitud está asignada a un agente y en validación.',
  2: 'Tu solicitud fue rechazada.',
  3: 'Tu préstamo está activo. Paga tus cuotas a tiempo.',
  4: 'Pagaste tu préstamo por completo. ¡Gracias!',
  5: 'Tu solicitud está asignada a un agente y en validación.',
  6: 'Tu oferta de préstamo está en espera de pago.',
  7: 'Tu solicitud venció antes de ser aprobada.',
  8: 'Tienes pagos atrasados. Ponte al día para evitar más recargos.',
  9: 'Tu préstamo está en proceso de cobro. Comunícate con nosotros.',
  10: 'Tu préstamo está en proceso de cobro. Comunícate con nosotros.',
  11: 'Tu préstamo está en proceso de cobro. Comunícate con nosotros.',
};

export function loanStatusMessage(status: number): string {
  return Object.hasOwn(STATUS_MESSAGES, status) ? STATUS_MESSAGES[status]! : '';
}

const PERIOD_LABELS = { semanal: 'Semanal', quincenal: 'Quincenal', mensual: 'Mensual' } as const;

/** The term type chip: 'Semanal', 'Quincenal' or 'Mensual'. */
export function periodLabel(period: keyof typeof PERIOD_LABELS): string {
  return PERIOD_LABELS[period];
}

// Issue 35, point 5: what happened to the money.
export const RECEIPTS_TITLE = 'Tus comprobantes';
/** A receipt's first line: its reference and the amount declared. */
export const receiptTitle = (reference: string, amount: string): string =>
  `Referencia ${reference} · ${amount}`;
/** When it was sent. */
export const receiptSentText = (date: string): string => `Enviado el ${date}`;
export const RECEIPTS_ERROR_TEXT = 'No pudimos cargar tus comprobantes. Intenta de nuevo más tarde.';
/** /historial: the payments applied to one loan. */
export const paymentsListLabel = (loanNumber: number): string => `Pagos del préstamo ${loanNumber}`;
/** A payment's first line: its date and amount, and 'Anulado' when a reversal undid it. */
export const paymentTitle = (date: string, amount: string, reversed: boolean): string =>
  `Pago del ${date} · ${amount}${reversed ? ' · Anulado' : ''}`;

/** A receipt sent without connection (decision 018): kept on the phone until it can go. */
export const PENDING_RECEIPTS_HEADING = 'Comprobantes por enviar';
export const PENDING_TO_SEND_TEXT = 'Pendiente de enviar';
export const QUEUED_RECEIPTS_NOTE =
  'Los guardamos en tu teléfono y los enviamos solos cuando vuelva la señal. No cierres sesión mientras tanto.';
export const NOT_SENT_PREFIX = 'No se envió:';
export const REMOVE_QUEUED_LABEL = 'Quitar';
/** 'Referencia 123456, L 1,200.00' */
export const queuedReceiptLabel = (reference: string, amount: string): string =>
  `Referencia ${reference}, ${amount}`;
