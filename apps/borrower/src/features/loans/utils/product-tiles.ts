import {
  loanMessages,
  type ApplicationProfile,
  type LoanItem,
  type PriceListItem,
  type ProductItem,
} from '@prestamos-hn/contract';
import {
  hasBlockingOffer,
  isProductSelectable,
  isProfileApproved,
  orderProductTiles,
  PROFILE_IN_VALIDATION_MESSAGE,
  type LoanRequestLimits,
} from '@prestamos-hn/domain';

/** A product tile of /aplicar: the product, its price list, and whether it can be chosen. */
export interface ProductTileView {
  product: ProductItem;
  priceList: PriceListItem;
  isSelectable: boolean;
  /** Why this product cannot be chosen when the reason is the product's own (not allowed for the borrower). */
  note: string | null;
}

/** The tile's type line: 'Pagos semanales', 'Pagos quincenales', 'Pagos mensuales'. */
export const PRODUCT_TYPE_LABELS: Readonly<Record<ProductItem['ProTip'], string>> = {
  semanal: 'Pagos semanales',
  quincenal: 'Pagos quincenales',
  mensual: 'Pagos mensuales',
};

/** The price list of a product, or null when it has none (it cannot be requested then). */
export function priceListOf(profile: ApplicationProfile, productCode: number): PriceListItem | null {
  return profile.PriceList.data.pricelistData.find((price) => price.ProCod === productCode) ?? null;
}

/** A product's limits for the request form: its price list's amounts and days, and its period. */
export function requestLimits(product: ProductItem, priceList: PriceListItem): LoanRequestLimits {
  return {
    minAmount: priceList.PriMntDes,
    maxAmount: priceList.PriMntHas,
    minDays: priceList.PriTerDes,
    maxDays: priceList.PriTerHas,
    period: product.ProTip,
  };
}

/**
 * The tiles in display order (`orderProductTiles`: with 3 or more products the last two swap). A
 * tile is clickable with an approved profile, the product in `Products_r` and no blocking offer
 * (`isProductSelectable`); a product without a price list is not shown.
 */
export function productTileViews(input: {
  applicationProfile: ApplicationProfile;
  loans: readonly LoanItem[];
  profileStatus: string;
}): ProductTileView[] {
  const { applicationProfile, loans, profileStatus } = input;
  const tiles: ProductTileView[] = [];
  for (const product of applicationProfile.Products) {
    const priceList = priceListOf(applicationProfile, product.ProCod);
    if (!priceList) continue;
    const isAllowed = applicationProfile.Products_r.includes(product.ProCod);
    tiles.push({
      product,
      priceList,
      isSelectable: isProductSelectable({
        productId: product.ProCod,
        allowedProductIds: applicationProfile.Products_r,
        offers: loans,
        profileStatus,
      }),
      note: isAllowed ? null : loanMessages.productNotAllowed,
    });
  }
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
