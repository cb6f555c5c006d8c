import {
  centsToWords,
  dailyDefaultRatePercent,
  daysText,
  formatCents,
  formatLongDate,
  periodDays,
  tegucigalpaDateTime,
  timeInTegucigalpa,
  type IsoDate,
  type Period,
} from '@prestamos-hn/domain';
import { eq } from 'drizzle-orm';
import { loans } from '../../db/schema/index.ts';
import type { Deps } from '../deps.ts';
import { checkSignature, signedUrl } from '../shared/file-urls.ts';
import { getLoanSchedule } from '../shared/schedule.ts';
import { htmlPagesToPdf } from './contract-pdf.ts';
import { escapeHtml, scheduleTable } from './documents.ts';
import { percentOfBp } from './terms.ts';

/**
 * The final plan (decision 014, point 8): once the cashier records the disbursement, the schedule
 * as it really is, its dates counted from the day the money was sent, as a PDF the borrower
 * downloads from /plan. The contract's plan is dated from the request; this one is the one to pay by.
 *
 * It is rendered on request, never stored: everything in it is fixed by the disbursement. The
 * amounts are the stored quote's (computed once at request; the schedule is made from it), the due
 * dates the instalments' (written once by the disbursement; payments and the daily run change only
 * statuses, covered amounts and charges), the date and reference the loan's (set once, by a
 * conditional update), and the arrears terms the loan's copy of its price list. So every download
 * is the same file, and there is no second copy of the schedule that could disagree with the one
 * the servicing uses. Should a later change move an instalment's due date after disbursement, the
 * plan would have to be stored at disbursement instead.
 */

const subjectOf = (loanId: number) => `loan-plan:${loanId}`;

/** Where the borrower's app downloads a loan's final plan (served by files/plugin.ts). */
export const planPdfPath = (loanId: number) => `/api/files/loans/${loanId}/plan-de-pagos.pdf`;

/** A signed link (15 minutes) to a disbursed loan's final plan: given only to its owner. */
export function signedPlanPdfUrl(deps: Pick<Deps, 'config' | 'clock'>, loanId: number): string {
  return signedUrl(deps, planPdfPath(loanId), subjectOf(loanId));
}

/** Seconds left of a valid signature for this loan's final plan, or null (a contract's never opens it). */
export function checkPlanPdfSignature(
  deps: Pick<Deps, 'config' | 'clock'>,
  loanId: number,
  exp: unknown,
  sig: unknown,
): number | null {
  return checkSignature(deps, subjectOf(loanId), exp, sig);
}

/** What the final plan shows of a disbursed loan. */
export type FinalPlanLoan = Pick<
  typeof loans.$inferSelect,
  | 'id'
  | 'amountCents'
  | 'periodType'
  | 'annualRateBp'
  | 'lateFeeCents'
  | 'graceDays'
  | 'arrearsToleranceCents'
  | 'quote'
> & { disbursedOn: IsoDate; disbursementReference: string | null };

/**
 * The final plan as HTML (the templates' markup, every value escaped): the loan, the disbursement,
 * how the dates are counted, the instalments with their real due dates (`dueDates`, first to last)
 * and the quote's amounts, and the arrears terms the contract states.
 */
export function finalPlanHtml(loan: FinalPlanLoan, dueDates: readonly IsoDate[], brand: string): string {
  const period = loan.periodType as Period;
  const days = periodDays(period);
  const plan = {
    ...loan.quote,
    payments: loan.quote.payments.map((p, index) => ({ ...p, dueDate: dueDates[index] ?? p.dueDate })),
  };
  const disbursed = formatLongDate(loan.disbursedOn);
  const annual = percentOfBp(loan.annualRateBp);
  const p = (text: string) => `<p>${escapeHtml(text)}</p>`;
  return [
    '<h2>PLAN DE PAGOS DEFINITIVO</h2>',
    p(`Préstamo n.º ${loan.id} de ${brand}.`),
    p(
      `Monto desembolsado: L ${formatCents(loan.amountCents)} (${centsToWords(loan.amountCents)}), enviado el ` +
        `${disbursed}${loan.disbursementReference ? ` (referencia ${loan.disbursementReference})` : ''}. ` +
        `Total a pagar: L ${formatCents(loan.quote.totalCents)} (${centsToWords(loan.quote.totalCents)}) en ` +
        `${loan.quote.payments.length} cuotas de periodicidad ${period}.`,
    ),
    p(
      `Las fechas de pago se cuentan desde el día del desembolso, el ${disbursed}: la primera cuota vence ` +
        `${days} días después y cada una de las siguientes, ${days} días después de la anterior. Si una fecha ` +
        'de pago cae en domingo o en día feriado, la cuota vence el siguiente día hábil. Este plan reemplaza ' +
        'las fechas estimadas del contrato, que se contaron desde el día de la solicitud; los montos son los mismos.',
    ),
    scheduleTable(plan),
    p(
      `Mora: si una cuota no se paga completa dentro de ${daysText(loan.graceDays)} después de su fecha de pago, ` +
        `se cobra por esa cuota un recargo por mora de L ${formatCents(loan.lateFeeCents)}, una sola vez por ` +
        `cuota. Una cuota a la que le falten L ${formatCents(loan.arrearsToleranceCents)} o menos no se considera ` +
        'atrasada y no genera recargo. Después de la fecha de pago de la última cuota, el capital vencido y no ' +
        'pagado devenga un interés moratorio por cada día de atraso a la misma tasa del préstamo ' +
        `(${formatCents(loan.annualRateBp)} % anual, ${dailyDefaultRatePercent(annual, period).toFixed(4)} % ` +
        'diario: la tasa del período dividida entre los días del período), que se cobra día a día y se paga ' +
        'después del recargo por mora.',
    ),
  ].join('');
}

/**
 * The PDF of a disbursed loan's final plan, or null for a loan not disbursed (or unknown). Dated
 * the disbursement's recording, so the same loan always gives the same file.
 */
export async function renderFinalPlanPdf(
  deps: Pick<Deps, 'db' | 'config'>,
  loanId: number,
): Promise<Buffer | null> {
  const [loan] = await deps.db.select().from(loans).where(eq(loans.id, loanId)).limit(1);
  if (!loan || loan.disbursedOn === null || loan.disbursedAt === null) return null;
  const schedule = await getLoanSchedule(deps.db, loanId);
  if (schedule.length === 0) return null;
  const at = tegucigalpaDateTime(loan.disbursedAt);
  return htmlPagesToPdf(
    { title: `Plan de pagos - préstamo ${loanId}`, author: deps.config.brandName, date: loan.disbursedAt },
    [
      {
        html: finalPlanHtml(
          { ...loan, disbursedOn: loan.disbursedOn },
          schedule.map((i) => i.dueDate),
          deps.config.brandName,
        ),
        note:
          `Plan de pagos definitivo del préstamo n.º ${loanId}, hecho al registrar el desembolso el ` +
          `${formatLongDate(at.date)} a las ${timeInTegucigalpa(loan.disbursedAt)} (hora de Honduras).`,
      },
    ],
  );
}
