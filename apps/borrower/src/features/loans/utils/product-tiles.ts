import { loanMessages, type LoanItem } from '@prestamos-hn/contract';
import {
  hasBlockingOffer,
  isProductSelectable,
  isProfileApproved,
  orderProductTiles,
  PROFILE_IN_VALIDATION_MESSAGE,
  type LoanProduct,
  type LoanProductOffer,
  type Period,
} from '@prestamos-hn/domain';

/** A product tile of /aplicar: the product with its price list, and whether it can be chosen. */
export interface ProductTileView {
  product: LoanProduct;
  isSelectable: boolean;
  /** Why this product cannot be chosen when the reason is the product's own (not allowed for the borrower). */
  note: string | null;
}

/** The tile's type line: 'Pagos semanales', 'Pagos quincenales', 'Pagos mensuales'. */
export const PRODUCT_TYPE_LABELS: Readonly<Record<Period, string>> = {
  semanal: 'Pagos semanales',
  quincenal: 'Pagos quincenales',
  mensual: 'Pagos mensuales',
};

/**
 * The tiles in display order (`orderProductTiles`: with 3 or more products the last two swap). A
 * tile is clickable with an approved profile, the product allowed for the borrower and no blocking
 * offer (`isProductSelectable`); a product without a price list is not among the products.
 */
export function productTileViews(input: {
  applicationProfile: LoanProductOffer;
  loans: readonly LoanItem[];
  profileStatus: string;
}): ProductTileView[] {
  const { applicationProfile, loans, profileStatus } = input;
  const tiles = applicationProfile.products.map((product) => ({
    product,
    isSelectable: isProductSelectable({
      productId: product.id,
      allowedProductIds: applicationProfile.allowedProductIds,
      offers: loans,
      profileStatus,
    }),
    note: applicationProfile.allowedProductIds.includes(product.id) ? null : loanMessages.productNotAllowed,
  }));
  return orderProductTiles(tiles);
}

/** Why no tile can be chosen, for every product alike: the profile in validation, or a blocking request. */
export function tilesBlockedReason(input: {
  loans: readonly LoanItem[];
  profileStatus: string;
}): string | null {
  if (!isProfileApproved(input.profileStatus)) return PROFILE_IN_VALIDATION_MESSAGE;
  if (hasBlockingOffer(input.loans)) return loanMessages.blockingOffer;
  return null;
}
