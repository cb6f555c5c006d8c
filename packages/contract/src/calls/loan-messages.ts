// The loan calls' messages, without zod: screens import these and not the calls' schemas (issue 33).

/**
 * Messages of the loan calls that the SPEC does not word. Where the SPEC words a refusal (profile in
 * validation, location not allowed) the API answers @prestamos-hn/domain's message.
 */
export const loanMessages = {
  /** postOffer.php accepted: the answer promised within 24 hours (SPEC section 2). */
  requestSent: 'Tu solicitud fue enviada. Te daremos una respuesta en un máximo de 24 horas.',
  productNotAllowed: 'Este producto no está disponible para ti.',
  blockingOffer: 'Ya tienes una solicitud o un préstamo activo. No puedes solicitar otro por ahora.',
  referencesIncomplete: 'Completa tus referencias personal y laboral antes de solicitar un préstamo.',
  holyWeek: 'Por Semana Santa no recibimos solicitudes del 16 al 19 de abril. Intenta de nuevo después.',
  purposeUnknown: 'Seleccione una opción.',
  noBankAccount: 'Registra tu cuenta bancaria antes de solicitar un préstamo.',
  /** getFactura.php before any request. */
  noInvoice: 'Aún no tienes una solicitud de préstamo.',
  loanNotFound: 'No encontramos ese préstamo.',
  /**
   * postOffer.php when the documents it would store are not the ones the borrower read (a template
   * saved in between, another amount, term or account, another day) or their versions and SHA-256
   * are missing or ill-formed: the app reads them again (issue 32 point 7).
   */
  documentsChanged: 'El contrato o el pagaré se actualizaron. Revísalos y acéptalos de nuevo.',
} as const;
