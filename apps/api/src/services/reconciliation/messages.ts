/** The Spanish of the bank reconciliation ('Conciliación'): what staff read when something is refused. */
export const reconciliationTexts = {
  bankNotFound: 'No encontramos ese banco.',
  noLayout:
    'Este banco no tiene un formato de estado de cuenta guardado: guárdalo primero en «Formatos de los bancos».',
  fileRequired: 'Elige el archivo del estado de cuenta (CSV) que exportaste del banco.',
  fileEmpty: 'El archivo está vacío.',
  notText:
    'El archivo no es un CSV de texto: exporta el estado de cuenta del banco como CSV (valores separados por comas).',
  statementNotFound: 'No encontramos ese estado de cuenta.',
  lineNotFound: 'No encontramos esa línea en este estado de cuenta.',
  receiptNotFound: 'No encontramos ese comprobante.',
  notACredit: 'Solo las líneas de crédito (dinero que entró) se concilian con comprobantes.',
  lineTaken: (receiptId: number) => `Esta línea ya está conciliada con el comprobante #${receiptId}.`,
  receiptTaken: 'Este comprobante ya está conciliado con otra línea del estado de cuenta.',
  receiptNotPending: (receiptId: number, stateLabel: string) =>
    `El comprobante #${receiptId} ya no está pendiente (${stateLabel}): no se puede conciliar.`,
  noMatch:
    'Este comprobante no coincide con la línea: deben tener la misma referencia y el mismo monto, y la fecha del banco debe estar dentro del plazo del envío.',
  photoChanged:
    'La foto del comprobante cambió desde que cargaste esta página. Recárgala y revisa el comprobante de nuevo.',
} as const;
