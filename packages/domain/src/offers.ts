/** SPEC sections 4 and 6: offers, and who may request a loan. */
import { isAllowedCity } from './cities.ts';
import { hasStatus } from './labels.ts';
import { hasRequestBlockingLoan } from './loan-lifecycle.ts';
import { LOCATION_NOT_ALLOWED_MESSAGE, PROFILE_IN_VALIDATION_MESSAGE } from './messages.ts';
import { isProfileApproved } from './profile-rules.ts';
import { isHolyWeekClosure } from './time.ts';

/**
 * SPEC section 4: offers in these states block a new request (8 is also treated as active). The
 * borrower app's product tiles follow this list; the server refuses a request on a longer one,
 * `REQUEST_BLOCKING_LOAN_STATUSES` (also 9-11, collections: decision 014).
 */
export const BLOCKING_OFFER_STATUSES: readonly number[] = [0, 1, 3, 5, 8];

/** Whether an offer in `status` disables the product tiles (the SPEC's list). */
export function isBlockingOfferStatus(status: number | string): boolean {
  return hasStatus(BLOCKING_OFFER_STATUSES, status);
}

/** Whether any offer disables the product tiles (the SPEC's list). */
export function hasBlockingOffer(offers: readonly { status: number | string }[]): boolean {
  return offers.some((offer) => isBlockingOfferStatus(offer.status));
}

/** Why a loan request is refused, in the order the checks run. */
export type LoanRequestBlocker =
  | 'holyWeek'
  | 'profileNotApproved'
  | 'locationNotAllowed'
  | 'productNotAllowed'
  | 'blockingOffer'
  | 'referencesIncomplete';

/**
 * Everything a loan request needs (section 6), as the server checks it (`postOffer`). A blocking
 * loan is one of the server's list, `REQUEST_BLOCKING_LOAN_STATUSES`, which adds the collections
 * stages 9-11 to the tiles' list.
 */
export type LoanRequestContext = {
  now: Date;
  profileStatus: string | number;
  /** The city of the person's location, or null when unknown. */
  city: string | null;
  productId: number | string;
  /** `Products_r`: the products allowed for this person. */
  allowedProductIds: readonly (number | string)[];
  offers: readonly { status: number | string }[];
  hasCompleteReferences: boolean;
};

/** The reasons a loan request is refused; empty when it may go ahead. */
export function loanRequestBlockers(context: LoanRequestContext): LoanRequestBlocker[] {
  const blockers: LoanRequestBlocker[] = [];
  if (isHolyWeekClosure(context.now)) blockers.push('holyWeek');
  if (!isProfileApproved(context.profileStatus)) blockers.push('profileNotApproved');
  if (context.city === null || !isAllowedCity(context.city)) blockers.push('locationNotAllowed');
  if (!context.allowedProductIds.some((id) => String(id) === String(context.productId))) {
    blockers.push('productNotAllowed');
  }
  if (hasRequestBlockingLoan(context.offers)) blockers.push('blockingOffer');
  if (!context.hasCompleteReferences) blockers.push('referencesIncomplete');
  return blockers;
}

/**
 * The home screen's Aplicar tile: disabled in Holy Week, while the profile is in validation, or
 * outside the allowed cities (with the SPEC's message where it gives one; Holy Week's has none).
 */
export function applyTileState(context: {
  now: Date;
  profileStatus: string | number;
  isLocationAllowed: boolean;
}):
  | { enabled: true }
  | {
      enabled: false;
      reason: 'holyWeek' | 'profileInValidation' | 'locationNotAllowed';
      message: string | null;
    } {
  if (isHolyWeekClosure(context.now)) return { enabled: false, reason: 'holyWeek', message: null };
  if (!isProfileApproved(context.profileStatus)) {
    return { enabled: false, reason: 'profileInValidation', message: PROFILE_IN_VALIDATION_MESSAGE };
  }
  if (!context.isLocationAllowed) {
    return { enabled: false, reason: 'locationNotAllowed', message: LOCATION_NOT_ALLOWED_MESSAGE };
  }
  return { enabled: true };
}

/** A product tile is clickable with no blocking offer, an allowed product and an approved profile. */
export function isProductSelectable(context: {
  productId: number | string;
  allowedProductIds: readonly (number | string)[];
  offers: readonly { status: number | string }[];
  profileStatus: string | number;
}): boolean {
  return (
    !hasBlockingOffer(context.offers) &&
    context.allowedProductIds.some((id) => String(id) === String(context.productId)) &&
    isProfileApproved(context.profileStatus)
  );
}

/** The product tiles in display order: with 3 or more products the last two are swapped. */
export function orderProductTiles<T>(products: readonly T[]): T[] {
  const ordered = [...products];
  const last = ordered.length - 1;
  if (ordered.length >= 3) [ordered[last - 1], ordered[last]] = [ordered[last] as T, ordered[last - 1] as T];
  return ordered;
}
