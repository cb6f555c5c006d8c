import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ReceiptAmount } from './receipt-queue';

const text = (receipt: Parameters<typeof ReceiptAmount>[0]['receipt']) =>
  render(<ReceiptAmount receipt={receipt} />).container.textContent?.replace(/\u00a0/g, ' ');

describe('ReceiptAmount (issue 35 point 11)', () => {
  afterEach(cleanup);

  it('shows the declared amount until the money is credited', () => {
    expect(text({ state: 'pending', declaredAmountCents: 42_000, receivedAmountCents: null })).toBe(
      'L 420.00declarado',
    );
    // Proposed, not yet credited: 'Por aprobar' keeps the declared amount in the list.
    expect(
      text({ state: 'awaiting_approval', declaredAmountCents: 42_000, receivedAmountCents: 41_721 }),
    ).toBe('L 420.00declarado');
  });

  it('shows the credited amount once validated, with the declared one when they differ', () => {
    expect(text({ state: 'validated', declaredAmountCents: 42_000, receivedAmountCents: 41_721 })).toBe(
      'L 417.21acreditado (declaró L 420.00)',
    );
    expect(text({ state: 'validated', declaredAmountCents: 41_721, receivedAmountCents: 41_721 })).toBe(
      'L 417.21acreditado',
    );
  });
});
