/** The photo of the bank receipt, as uploaded. */
export interface ReceiptPhoto {
  filename: string;
  contentType: string;
  data: Buffer;
}

/**
 * Exactly the fields of the chatbot payment endpoint `postBacPago.php` (SPEC section 7, external
 * calls), with their legacy names. Every field travels as a multipart text part except the photo.
 */
export interface BankPaymentSubmission {
  idCliente: string;
  identidadCliente: string;
  nombreCliente: string;
  correoElectronico: string;
  celular: string;
  numReferencia: string;
  cuota: string;
  /** The amount in lempiras with exactly 2 decimals and a dot, e.g. '1250.00' (see formatPaymentAmount). */
  montoPago: string;
  validado: 'pendiente';
  descripcion: 'Pago_Bac';
  comentario: 'Sin comentarios';
  enviarMensaje: '0';
  usuarioValidador_id: '3';
  /** Our id for this payment: the same submission retried carries the same one. */
  identificadorPago: string;
  identificadorPrestamo: string;
  fotoComprobante: ReceiptPhoto;
  fechaPago: string;
  fechaCuota: string;
  horaRegistro: string;
}

/** Every field in the SPEC's order, which is also the order of the multipart parts. */
export const bankPaymentFields = [
  'idCliente',
  'identidadCliente',
  'nombreCliente',
  'correoElectronico',
  'celular',
  'numReferencia',
  'cuota',
  'montoPago',
  'validado',
  'descripcion',
  'comentario',
  'enviarMensaje',
  'usuarioValidador_id',
  'identificadorPago',
  'identificadorPrestamo',
  'fotoComprobante',
  'fechaPago',
  'fechaCuota',
  'horaRegistro',
] as const satisfies readonly (keyof BankPaymentSubmission)[];

// A compile error here means a field of BankPaymentSubmission is missing from the list above.
const everyFieldListed: Record<
  Exclude<keyof BankPaymentSubmission, (typeof bankPaymentFields)[number]>,
  never
> = {};
void everyFieldListed;

/** The fixed values every submission carries. */
export const bankPaymentConstants = {
  validado: 'pendiente',
  descripcion: 'Pago_Bac',
  comentario: 'Sin comentarios',
  enviarMensaje: '0',
  usuarioValidador_id: '3',
} as const satisfies Partial<BankPaymentSubmission>;

export interface PaymentPartner {
  /**
   * Sends one receipt to the partner. Resolves when the partner answered (accepted or not); rejects
   * when it could not be reached or answered with an error status, so the caller may retry with the
   * same `identificadorPago`.
   */
  submitBankPayment(submission: BankPaymentSubmission): Promise<{ accepted: boolean; providerId?: string }>;
}
