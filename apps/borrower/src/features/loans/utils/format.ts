import { formatCents, formatMoney } from '@prestamos-hn/domain';

/** Lempiras as the product shows them: `L 1,234.50`. */
export function formatLempiras(amount: number): string {
  return `L ${formatMoney(amount)}`;
}

/** Centavos as the product shows money: `L 1,234.50` for 123450. */
export function formatCentsAsLempiras(cents: number): string {
  return `L ${formatCents(cents)}`;
}
