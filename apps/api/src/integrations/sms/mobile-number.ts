/** Honduras's country calling code, added before the 8-digit national number. */
export const HONDURAS_CALLING_CODE = '+504';

/** Rejects anything but an 8-digit national number, before a message leaves the server. */
export function assertHonduranMobile(to: string): void {
  if (!/^\d{8}$/.test(to)) {
    throw new RangeError('El número de celular debe tener 8 dígitos, sin espacios ni prefijo.');
  }
}
