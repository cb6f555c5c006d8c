import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { HttpError } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfirmApprovalDialog, ReturnApprovalDialog } from './approval-dialogs';

const decide = vi.fn();
vi.mock('../api/decide-receipt-approval', () => ({ useDecideReceiptApproval: () => decide }));

const SHA = 'ef'.repeat(32);
const receipt = {
  id: 9,
  reference: '778899',
  declaredAmountCents: 41_721,
  receivedAmountCents: 45_000,
  valueDate: '2026-11-22',
  decidedBy: 'Cajera Ana',
  decidedAt: null,
  approvalReasons: [{ code: 'amount_differs', label: 'El monto recibido difiere del declarado' }],
  photoSha256: SHA,
};

describe('second approval dialogs', () => {
  afterEach(() => {
    cleanup();
    decide.mockReset();
  });

  it("'Confirmar' shows the proposal and its reasons, and sends the photo seen", async () => {
    const answer = { state: 'validated' };
    decide.mockResolvedValue(answer);
    const onAnswered = vi.fn();
    render(<ConfirmApprovalDialog receipt={receipt} onClose={vi.fn()} onAnswered={onAnswered} />);
    const dialog = screen.getByRole('dialog', { name: 'Confirmar validación' });
    expect(dialog.textContent).toMatch(
      /Cajera Ana validó el comprobante con referencia 778899 por L\s450\.00/,
    );
    expect(screen.getByRole('list', { name: 'Motivos de la aprobación' }).textContent).toBe(
      'El monto recibido difiere del declarado',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Confirmar' }));
    await vi.waitFor(() => expect(onAnswered).toHaveBeenCalledWith(answer));
    expect(decide).toHaveBeenCalledWith(9, { decision: 'confirm', photoSha256: SHA });
  });

  it('refused to its maker (403), the message shows and the dialog stays; after a 409 it can only be closed', async () => {
    decide.mockRejectedValueOnce(
      new HttpError('No puedes aprobar tu propia validación: otra persona debe confirmarla.', 403, {}),
    );
    decide.mockRejectedValueOnce(new HttpError('Este comprobante ya no espera aprobación.', 409, {}));
    const onClose = vi.fn();
    const onConflict = vi.fn();
    render(
      <ConfirmApprovalDialog
        receipt={receipt}
        onClose={onClose}
        onAnswered={vi.fn()}
        onConflict={onConflict}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Confirmar' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'No puedes aprobar tu propia validación: otra persona debe confirmarla.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Confirmar' }));
    await vi.waitFor(() => expect(onConflict).toHaveBeenCalled());
    expect((screen.getByRole('button', { name: 'Confirmar' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Cerrar' }));
    expect(onClose).toHaveBeenCalled();
  });

  it("'Devolver' asks for the reason the cashier reads, then sends it trimmed", async () => {
    decide.mockResolvedValue({ state: 'pending' });
    const onAnswered = vi.fn();
    render(<ReturnApprovalDialog receipt={receipt} onClose={vi.fn()} onAnswered={onAnswered} />);
    fireEvent.click(screen.getByRole('button', { name: 'Devolver' }));
    expect(screen.getByText('Escribe por qué devuelves la validación: el cajero lo leerá.')).toBeTruthy();
    expect(decide).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText(/^Motivo de la devolución/), {
      target: { value: ' El banco muestra L 417.21. ' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Devolver' }));
    await vi.waitFor(() => expect(onAnswered).toHaveBeenCalled());
    expect(decide).toHaveBeenCalledWith(9, {
      decision: 'return',
      reason: 'El banco muestra L 417.21.',
      photoSha256: SHA,
    });
  });
});
