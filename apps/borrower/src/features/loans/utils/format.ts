import { formatMoney } from '@prestamos-hn/domain';

/** Lempiras as the product shows them: `L 1,234.50`. */
export function formatLempiras(amount: number): string {
  return `L ${formatMoney(amount)}`;
}
