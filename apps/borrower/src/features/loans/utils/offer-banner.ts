import type { CustomerOfferList, LoanItem } from '@prestamos-hn/contract';
import { LOAN_ANSWER_HOURS } from '@prestamos-hn/domain';

/** The status banner of /aplicar, by the newest request's status (SPEC section 4, Offers). */
export type OfferBanner = {
  severity: 'info' | 'warning' | 'error' | 'success';
  title: string;
  text: string;
  /** Why the request was rejected, as the staff wrote it (status 2 only). */
  reason?: string;
};

export const OFFER_BANNER_TEXTS = {
  received: {
    title: 'Recibimos tu solicitud',
    text: `La estamos revisando. Te daremos una respuesta en un máximo de ${LOAN_ANSWER_HOURS} horas.`,
  },
  inValidation: {
    title: 'Tu solicitud está en validación',
    text: 'Un agente ya tiene tu solicitud y está validando tus datos.',
  },
  rejected: {
    title: 'Tu solicitud fue rechazada',
    text: 'Puedes enviar una nueva solicitud cuando quieras.',
  },
  paid: {
    title: 'Préstamo pagado',
    text: '¡Pagaste tu préstamo por completo! Ya puedes solicitar uno nuevo.',
  },
} as const;

/** The newest loan: the latest `created`, and the highest id for the same time. */
export function newestLoan(loans: readonly LoanItem[]): LoanItem | null {
  let newest: LoanItem | null = null;
  for (const loan of loans) {
    if (
      newest === null ||
      loan.created > newest.created ||
      (loan.created === newest.created && loan.container_id > newest.container_id)
    ) {
      newest = loan;
    }
  }
  return newest;
}

/**
 * The banner for the newest request: 0 received and under review; 1 or 5 with an agent, in
 * validation; 2 rejected, with the reason the server gives; 4 fully paid. 3 (an active loan) and
 * every other status show no banner, nor does a borrower without requests.
 */
export function offerBanner(offers: CustomerOfferList): OfferBanner | null {
  switch (offers.status) {
    case 0:
      return { severity: 'info', ...OFFER_BANNER_TEXTS.received };
    case 1:
    case 5:
      return { severity: 'info', ...OFFER_BANNER_TEXTS.inValidation };
    case 2: {
      const loan = newestLoan(Object.values(offers.loans));
      const reason = loan?.status === 2 ? loan.rejection_reason?.trim() : undefined;
      return { severity: 'error', ...OFFER_BANNER_TEXTS.rejected, ...(reason ? { reason } : {}) };
    }
    case 4:
      return { severity: 'success', ...OFFER_BANNER_TEXTS.paid };
    default:
      return null;
  }
}
