import type { IsoDate } from '@prestamos-hn/domain';
import type { MatchAnswer } from '../api/confirm-statement-match';
import type { ImportAnswer } from '../api/import-bank-statement';

/** A bank's date as staff read it: '02/12/2026'. */
export function formatIsoDate(date: IsoDate | null | undefined): string {
  if (!date) return '—';
  const [year, month, day] = date.split('-');
  return `${day}/${month}/${year}`;
}

/** What an import did, in the cashier's words. */
export function importNotice(answer: ImportAnswer): string {
  const s = answer.statement;
  if (answer.alreadyImported) {
    return `Este archivo ya se había importado (estado de cuenta #${s.id}): no agregamos nada.`;
  }
  const known = s.linesInFile - s.linesAdded;
  const repeated = known > 0 ? ` ${known} ya estaban en un estado de cuenta anterior.` : '';
  return `Estado de cuenta importado: ${s.linesAdded} ${s.linesAdded === 1 ? 'movimiento nuevo' : 'movimientos nuevos'}, ${s.creditsAdded} ${s.creditsAdded === 1 ? 'crédito' : 'créditos'}.${repeated}`;
}

/** What a confirmation did to the receipt: validated (now or after hours) or waiting for a second person. */
export function matchNotice(answer: MatchAnswer): string {
  const r = answer.receipt;
  if (r.state === 'validated') {
    const later = answer.appliesLater ? ' Se aplicará a las cuotas mañana a partir de las 8:00 a. m.' : '';
    return `Comprobante #${r.id} validado con fecha valor ${formatIsoDate(r.valueDate)}.${later}`;
  }
  if (r.state === 'awaiting_approval') {
    return `Comprobante #${r.id} conciliado: la validación espera la confirmación de otra persona (Por aprobar).`;
  }
  return `Comprobante #${r.id} conciliado (${r.stateLabel}).`;
}
