import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type * as ReactAdmin from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LoanFile } from '../api/get-loan-file';
import { LoanActions } from './loan-actions';

const recordDisbursement = vi.fn();
const reverseDisbursement = vi.fn();
/** The role the screen is rendered for. */
let role = 'cashier';
vi.mock('../api/record-disbursement', () => ({ useRecordDisbursement: () => recordDisbursement }));
vi.mock('../api/reverse-disbursement', () => ({ useReverseDisbursement: () => reverseDisbursement }));
const decideLoan = vi.fn();
const findNextRequest = vi.fn();
const redirect = vi.fn();
vi.mock('../api/decide-loan', () => ({ useDecideLoan: () => decideLoan }));
vi.mock('../api/list-loans', () => ({ useFindNextLoanRequest: () => findNextRequest }));
vi.mock('react-admin', async (importOriginal) => ({
  ...(await importOriginal<typeof ReactAdmin>()),
  usePermissions: () => ({ permissions: role }),
  useNotify: () => vi.fn(),
  useRefresh: () => vi.fn(),
  useRedirect: () => redirect,
}));

/** A loan file's loan as the server answers it; `status` and the dates as the test needs. */
const loan = (change: Partial<LoanFile['loan']>): LoanFile['loan'] =>
  ({
    id: 41,
    status: 5,
    requestedOn: '2026-11-22',
    approvedOn: '2026-11-28',
    offerExpiresOn: '2026-12-05',
    approvedByYou: false,
    disbursedOn: null,
    amountCents: 150_000,
    payments: 3,
    termDays: 90,
    ...change,
  }) as LoanFile['loan'];

describe('Registrar desembolso (decision 014)', () => {
  afterEach(() => {
    cleanup();
    recordDisbursement.mockReset();
    vi.useRealTimers();
  });

  it('is offered for an approved loan (5), with today as the date', () => {
    render(<LoanActions loan={loan({})} />);
    fireEvent.click(screen.getByRole('button', { name: 'Registrar desembolso' }));
    expect((screen.getByLabelText(/^Fecha del desembolso/) as HTMLInputElement).value).toMatch(
      /^\d{4}-\d{2}-\d{2}$/,
    );
    expect(screen.queryByText(/Esta solicitud venció/)).toBeNull();
  });

  it('is offered for an expired loan that was approved: the date typed, at most its last good day', async () => {
    // Recorded on 7 December, two days after the loan's last good day.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-12-07T15:00:00Z'));
    render(<LoanActions loan={loan({ status: 7 })} />);
    fireEvent.click(screen.getByRole('button', { name: 'Registrar desembolso' }));
    screen.getByText(
      'Esta solicitud venció: solo se registra si el dinero salió a más tardar el 05/12/2026.',
    );
    const date = screen.getByLabelText(/^Fecha del desembolso/) as HTMLInputElement;
    expect(date.value).toBe('');
    expect(date.max).toBe('2026-12-05');
    fireEvent.change(date, { target: { value: '2026-12-04' } });
    fireEvent.change(screen.getByLabelText(/^Referencia/), { target: { value: 'TRF-1' } });
    recordDisbursement.mockResolvedValue({});
    fireEvent.click(screen.getAllByRole('button', { name: 'Registrar desembolso' }).at(-1)!);
    await vi.waitFor(() =>
      expect(recordDisbursement).toHaveBeenCalledWith(41, { disbursedOn: '2026-12-04', reference: 'TRF-1' }),
    );
  });

  it('is not offered for a request that expired before an approval', () => {
    render(<LoanActions loan={loan({ status: 7, approvedOn: null, offerExpiresOn: '2026-11-29' })} />);
    expect(screen.queryByRole('button', { name: 'Registrar desembolso' })).toBeNull();
  });
});

describe('the second pair of eyes and the reversal (issue 31)', () => {
  afterEach(() => {
    cleanup();
    role = 'cashier';
    reverseDisbursement.mockReset();
  });

  it('the person who approved the loan sees the disbursement disabled, with the reason', () => {
    role = 'admin';
    render(<LoanActions loan={loan({ approvedByYou: true })} />);
    const button = screen.getByRole('button', { name: 'Registrar desembolso' });
    expect((button as HTMLButtonElement).disabled).toBe(true);
    expect(button.getAttribute('aria-describedby')).toBe('loan-action-blocked');
    expect(document.getElementById('loan-action-blocked')?.textContent).toBe(
      'Quien aprobó el préstamo no puede registrar su desembolso: otra persona debe hacerlo.',
    );
  });

  it('a supervisor reverses a disbursed loan with a reason; a cashier is not offered it', async () => {
    const disbursed = loan({
      status: 3,
      disbursedOn: '2026-11-28',
      disbursementReference: 'TRF-9',
      amountCents: 100_000,
    });
    render(<LoanActions loan={disbursed} />);
    expect(screen.queryByRole('button', { name: 'Revertir desembolso' })).toBeNull();
    cleanup();
    role = 'supervisor';
    render(<LoanActions loan={disbursed} />);
    fireEvent.click(screen.getByRole('button', { name: 'Revertir desembolso' }));
    const dialog = screen.getByRole('dialog', { name: 'Revertir el desembolso del préstamo #41' });
    expect(dialog.textContent).toContain('L 1,000.00 (referencia TRF-9)');
    fireEvent.click(screen.getAllByRole('button', { name: 'Revertir desembolso' }).at(-1)!);
    screen.getByText('Escribe el motivo de la reversión.');
    expect(reverseDisbursement).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText(/^Motivo de la reversión/), {
      target: { value: 'El banco devolvió la transferencia.' },
    });
    reverseDisbursement.mockResolvedValue({});
    fireEvent.click(screen.getAllByRole('button', { name: 'Revertir desembolso' }).at(-1)!);
    await vi.waitFor(() =>
      expect(reverseDisbursement).toHaveBeenCalledWith(41, { reason: 'El banco devolvió la transferencia.' }),
    );
  });
});

const PAYOUT = { bank: '02', bankName: 'Banco Atlántida', accountNumber: '1100223344' };

describe('money decisions are confirmed (issue 35 point 12)', () => {
  afterEach(() => {
    cleanup();
    role = 'cashier';
    decideLoan.mockReset();
    findNextRequest.mockReset();
    redirect.mockReset();
  });

  it("'Aprobar' asks first with the amount and the borrower; once approved, 'Siguiente' opens the next request", async () => {
    role = 'analyst';
    render(<LoanActions loan={loan({ status: 1 })} borrowerName="Karla Patricia Martínez Reyes" />);
    fireEvent.click(screen.getByRole('button', { name: 'Aprobar' }));
    const dialog = screen.getByRole('dialog', { name: '¿Aprobar el préstamo #41?' });
    expect(dialog.textContent).toContain(
      'Vas a aprobar L\u00a01,500.00 para Karla Patricia Martínez Reyes (3 pagos en 90 días).',
    );
    expect(decideLoan).not.toHaveBeenCalled();
    decideLoan.mockResolvedValue({});
    fireEvent.click(screen.getByRole('button', { name: 'Aprobar préstamo' }));
    await vi.waitFor(() => expect(decideLoan).toHaveBeenCalledWith(41, { decision: 'approve' }));
    findNextRequest.mockResolvedValue(44);
    fireEvent.click(await screen.findByRole('button', { name: 'Siguiente' }));
    await vi.waitFor(() => expect(redirect).toHaveBeenCalledWith('show', 'loans', 44));
    expect(findNextRequest).toHaveBeenCalledWith(41);
  });

  it("'Aprobar' cancelled sends nothing", () => {
    role = 'analyst';
    render(<LoanActions loan={loan({ status: 0 })} borrowerName="Ana López" />);
    fireEvent.click(screen.getByRole('button', { name: 'Aprobar' }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(decideLoan).not.toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: 'Siguiente' })).toBeNull();
  });

  it("'Registrar desembolso' shows the amount to transfer and the destination account", () => {
    render(<LoanActions loan={loan({})} borrowerName="Ana López" payoutAccount={PAYOUT} />);
    fireEvent.click(screen.getByRole('button', { name: 'Registrar desembolso' }));
    const transfer = screen.getByRole('group', { name: 'Transferencia a realizar' });
    expect(transfer.textContent).toBe(
      'Monto a transferirL\u00a01,500.00Cuenta de destinoBanco Atlántida · 1100223344A nombre deAna López',
    );
  });
});
