import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AwaitingClosureBanner } from './awaiting-closure-banner';

describe('the paid-awaiting-closure banner', () => {
  it('says the loan is paid, with the date of the last scheduled payment, and shows the details on demand', () => {
    render(<AwaitingClosureBanner lastPaymentDate="2027-02-20" details={<p>Las cuotas</p>} />);
    expect(
      screen.getByText(
        '¡Tu préstamo está pagado por completo! Lo cerraremos en los próximos días. Tu último pago estaba programado para el 20/02/2027.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText('Las cuotas')).toBeNull();
    const details = screen.getByRole('button', { name: 'Ver detalles' });
    expect(details.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(details);
    expect(screen.getByText('Las cuotas')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Ocultar detalles' }).getAttribute('aria-expanded')).toBe(
      'true',
    );
  });
});
