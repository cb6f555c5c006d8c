import { bankPaymentConstants, type BankPaymentSubmission } from './types';

/**
 * A well-formed submission for the tests, with a few bytes standing for a JPEG photo. Its fields are
 * written in the SPEC's order (postBacPago.php), the order the tests expect the multipart parts in.
 */
export function sampleSubmission(overrides: Partial<BankPaymentSubmission> = {}): BankPaymentSubmission {
  return {
    idCliente: '1542',
    identidadCliente: '0801199000011',
    nombreCliente: 'KARLA PATRICIA MARTÍNEZ REYES',
    correoElectronico: 'karla@example.com',
    celular: '98765432',
    numReferencia: 'BAC123456',
    cuota: '3',
    montoPago: '1250.50',
    ...bankPaymentConstants,
    identificadorPago: 'pago-7f3a',
    identificadorPrestamo: '880',
    fotoComprobante: {
      filename: 'comprobante.jpg',
      contentType: 'image/jpeg',
      data: Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46]),
    },
    fechaPago: '2026-11-20',
    fechaCuota: '2026-11-22',
    horaRegistro: '14:35:10',
    ...overrides,
  };
}
