import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type * as ReactAdmin from 'react-admin';
import { HttpError } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LoanPayoff } from '../api/get-loan-payoff';
import { PayoffSection } from './payoff-section';

const refundLoanCredit = vi.fn();
let payoff: { isPending: boolean; isError: boolean; error: Error | null; data?: LoanPayoff };
let role = 'cashier';
vi.mock('../api/refund-loan-credit', () => ({ useRefundLoanCredit: () => refundLoanCredit }));
vi.mock('../api/get-loan-payoff', () => ({ useLoanPayoff: () => payoff }));
vi.mock('react-admin', async (importOriginal) => ({
  ...(await importOriginal<typeof ReactAdmin>()),
  usePermissions: () => ({ permissions: role }),
  useNotify: () => vi.fn(),
  useRefresh: () => vi.fn(),
}));

const answered = (data: Partial<LoanPayoff>) => {
  payoff = {
    isPending: false,
    isError: false,
    error: null,
    data: {
      loanId: 41,
      status: 4,
      statusLabel: 'Pagado',
      quote: null,
      walletBalanceCents: 2_500,
      creditCents: 2_500,
      ...data,
    },
  };
};

const renderSection = () =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <PayoffSection loanId={41} />
    </QueryClientProvider>,
  );

describe("'Liquidación' and 'Devolver saldo' (decision 014)", () => {
  afterEach(() => {
    cleanup();
    refundLoanCredit.mockReset();
    role = 'cashier';
  });

  it("shows a loan being paid: today's payoff and its parts, no refund", () => {
    answered({
      status: 3,
      statusLabel: 'Pagando',
      creditCents: 0,
      walletBalanceCents: 0,
      quote: {
        asOf: '2026-12-02',
        validUntil: '2026-12-02',
        payoffCents: 1_051_667,
        principalCents: 1_000_000,
        interestCents: 1_667,
        feesCents: 50_000,
        lateFeesCents: 0,
        creditedBackCents: 0,
      },
    });
    renderSection();
    const section = screen.getByRole('region', { name: 'Liquidación' });
    const facts = [...section.querySelectorAll('dt')].map(
      (dt) => `${dt.textContent}: ${dt.nextSibling?.textContent}`,
    );
    expect(facts).toEqual([
      'Fecha: 02/12/2026 (válida solo ese día)',
      'Capital pendiente: L 10,000.00',
      'Intereses a la fecha: L 16.67',
      'Gastos administrativos: L 500.00',
      'Recargos por mora: L 0.00',
      'Pagado por adelantado (se descuenta): L 0.00',
      'Monto para liquidar: L 10,516.67',
      'Depósito por aplicar: L 0.00',
    ]);
    expect(within(section).queryByRole('button', { name: 'Devolver saldo' })).toBeNull();
  });

  it('says it is loading, and shows a refused read', () => {
    payoff = { isPending: true, isError: false, error: null };
    renderSection();
    expect(screen.getByRole('progressbar', { name: 'Cargando la liquidación' })).toBeTruthy();
    cleanup();
    payoff = { isPending: false, isError: true, error: new Error('No encontramos ese préstamo.') };
    renderSection();
    expect(screen.getByRole('alert').textContent).toBe('No encontramos ese préstamo.');
  });

  it('refunds the credit: the dialog is labelled, starts with the whole credit, needs the reference', async () => {
    answered({});
    renderSection();
    expect(screen.getByText('Saldo a tu favor')).toBeTruthy();
    expect(screen.getByText('L 25.00')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Devolver saldo' }));
    const dialog = screen.getByRole('dialog', { name: 'Devolver el saldo a favor del préstamo #41' });
    const amount = within(dialog).getByLabelText<HTMLInputElement>(/^Monto a devolver/);
    expect(amount.value).toBe('25.00');
    expect(document.activeElement).toBe(amount);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Devolver saldo' }));
    expect(within(dialog).getByText('Escribe la referencia bancaria de la devolución.')).toBeTruthy();
    expect(refundLoanCredit).not.toHaveBeenCalled();

    fireEvent.change(amount, { target: { value: '10.5' } });
    fireEvent.change(within(dialog).getByLabelText(/^Referencia bancaria/), {
      target: { value: ' ABC123 ' },
    });
    refundLoanCredit.mockResolvedValue({});
    fireEvent.click(within(dialog).getByRole('button', { name: 'Devolver saldo' }));
    await vi.waitFor(() =>
      expect(refundLoanCredit).toHaveBeenCalledWith(41, { amount: '10.5', reference: 'ABC123' }),
    );
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("keeps the dialog open with the server's refusal (409 above the credit)", async () => {
    answered({});
    renderSection();
    fireEvent.click(screen.getByRole('button', { name: 'Devolver saldo' }));
    const dialog = screen.getByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/^Monto a devolver/), { target: { value: '30' } });
    fireEvent.change(within(dialog).getByLabelText(/^Referencia bancaria/), { target: { value: 'R1' } });
    refundLoanCredit.mockRejectedValue(
      new HttpError('No puedes devolver más que el saldo a favor del préstamo (L 25.00).', 409, {}),
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Devolver saldo' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'No puedes devolver más que el saldo a favor del préstamo (L 25.00).',
    );
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('rejects a malformed amount before sending', () => {
    answered({});
    renderSection();
    fireEvent.click(screen.getByRole('button', { name: 'Devolver saldo' }));
    const dialog = screen.getByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText(/^Monto a devolver/), { target: { value: '1,00' } });
    fireEvent.change(within(dialog).getByLabelText(/^Referencia bancaria/), { target: { value: 'R1' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Devolver saldo' }));
    expect(within(dialog).getByText(/^Escribe el monto a devolver en lempiras/)).toBeTruthy();
    expect(refundLoanCredit).not.toHaveBeenCalled();
  });

  it('offers no refund to a role without loans.refund, and says when there is nothing', () => {
    role = 'support';
    answered({});
    renderSection();
    expect(screen.queryByRole('button', { name: 'Devolver saldo' })).toBeNull();
    cleanup();
    answered({ creditCents: 0, walletBalanceCents: 0 });
    renderSection();
    expect(screen.getByText('El préstamo está pagado y no tiene saldo a favor.')).toBeTruthy();
  });
});
