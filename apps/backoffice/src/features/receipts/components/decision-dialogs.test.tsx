import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { HttpError } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RejectDialog, ValidateDialog } from './decision-dialogs';

const decideReceipt = vi.fn();
vi.mock('../api/decide-receipt', () => ({ useDecideReceipt: () => decideReceipt }));

const SHA = 'ab'.repeat(32);

/** The cashier types the amount the bank shows (the field starts empty). */
const typeAmount = (value: string) =>
  fireEvent.change(screen.getByLabelText(/^Monto recibido/), { target: { value } });
const receipt = {
  id: 7,
  reference: 'REF-1',
  declaredAmountCents: 150_000,
  photoSha256: SHA,
  state: 'pending',
};

describe('receipt decision dialogs', () => {
  afterEach(() => {
    cleanup();
    decideReceipt.mockReset();
  });

  it('asks for the reason before sending a rejection, then sends it trimmed', async () => {
    const answer = { state: 'rejected' };
    decideReceipt.mockResolvedValue(answer);
    const onDecided = vi.fn();
    render(<RejectDialog receipt={receipt} onClose={vi.fn()} onDecided={onDecided} />);

    fireEvent.click(screen.getByRole('button', { name: 'Rechazar' }));
    expect(screen.getByText('Escribe el motivo del rechazo: el cliente lo leerá.')).toBeTruthy();
    expect(decideReceipt).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText(/^Motivo del rechazo/), { target: { value: ' borrosa ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Rechazar' }));

    await vi.waitFor(() => expect(onDecided).toHaveBeenCalledWith(answer));
    expect(decideReceipt).toHaveBeenCalledWith(7, {
      decision: 'reject',
      reason: 'borrosa',
      photoSha256: SHA,
    });
  });

  it('shows a refusal of the amount on its field and any other refusal above it', async () => {
    decideReceipt.mockRejectedValueOnce(new HttpError('Monto inválido.', 400, { field: 'amount' }));
    decideReceipt.mockRejectedValueOnce(new HttpError('Ocurrió un error.', 500, {}));
    render(<ValidateDialog receipt={receipt} onClose={vi.fn()} onDecided={vi.fn()} />);
    const dialog = screen.getByRole('dialog', { name: 'Validar comprobante' });
    typeAmount('1500.00');

    fireEvent.click(screen.getByRole('button', { name: 'Validar' }));
    await screen.findByText('Monto inválido.');
    expect(screen.queryByRole('alert')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Validar' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Ocurrió un error.');
    expect(dialog).toBeTruthy();
  });

  it("after another cashier's decision (409, the receipt read again is no longer pending) offers the next receipt instead of sending again", async () => {
    decideReceipt.mockRejectedValue(new HttpError('Otro cajero ya decidió.', 409, {}));
    const onDecided = vi.fn();
    const onClose = vi.fn();
    const onConflict = vi.fn();
    const { rerender } = render(
      <ValidateDialog receipt={receipt} onClose={onClose} onDecided={onDecided} onConflict={onConflict} />,
    );
    typeAmount('1500.00');

    fireEvent.click(screen.getByRole('button', { name: 'Validar' }));
    await screen.findByRole('alert');
    expect(onConflict).toHaveBeenCalled();
    rerender(
      <ValidateDialog
        receipt={{ ...receipt, state: 'validated' }}
        onClose={onClose}
        onDecided={onDecided}
        onConflict={onConflict}
      />,
    );

    expect((screen.getByRole('button', { name: 'Validar' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Ir al siguiente' }));
    expect(onDecided).toHaveBeenCalledWith(null);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('sends the hash of the photo seen when the dialog opened; a photo changed meanwhile (409) closes it to look again', async () => {
    decideReceipt.mockRejectedValue(
      new HttpError(
        'La foto del comprobante cambió mientras la revisabas: vuelve a abrirla antes de decidir.',
        409,
        {},
      ),
    );
    const onClose = vi.fn();
    const { rerender } = render(<ValidateDialog receipt={receipt} onClose={onClose} onDecided={vi.fn()} />);
    // The receipt is read again behind the dialog with the new photo: the dialog keeps the one seen.
    rerender(
      <ValidateDialog
        receipt={{ ...receipt, photoSha256: 'cd'.repeat(32) }}
        onClose={onClose}
        onDecided={vi.fn()}
      />,
    );
    typeAmount('1500.00');
    fireEvent.click(screen.getByRole('button', { name: 'Validar' }));
    expect((await screen.findByRole('alert')).textContent).toContain('La foto del comprobante cambió');
    expect(decideReceipt).toHaveBeenCalledWith(7, {
      decision: 'validate',
      amount: '1500.00',
      photoSha256: SHA,
    });
    expect((screen.getByRole('button', { name: 'Validar' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Cerrar' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('starts with an empty amount, the declared one beside it and the photo in view; empty, nothing is sent', () => {
    render(
      <ValidateDialog
        receipt={receipt}
        photo={<img src="/foto.png" alt="Comprobante de depósito con referencia REF-1" />}
        onClose={vi.fn()}
        onDecided={vi.fn()}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Validar comprobante' });
    expect((screen.getByLabelText(/^Monto recibido/) as HTMLInputElement).value).toBe('');
    expect(dialog.querySelector('#validate-declared')?.textContent).toBe('DeclaradoL\u00a01,500.00');
    expect(screen.getByRole('img', { name: 'Comprobante de depósito con referencia REF-1' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Validar' }));
    expect(screen.getByText('Escribe el monto recibido.')).toBeTruthy();
    expect(decideReceipt).not.toHaveBeenCalled();
  });

  it('says before sending when the validation will wait for a supervisor', () => {
    render(
      <ValidateDialog
        receipt={receipt}
        waitsForApproval="Este comprobante es un posible duplicado."
        onClose={vi.fn()}
        onDecided={vi.fn()}
      />,
    );
    expect(screen.getByText('Este comprobante es un posible duplicado.')).toBeTruthy();
  });

  it('sends the bank date when the cashier gives one, and shows its refusal on the field', async () => {
    decideReceipt.mockRejectedValueOnce(
      new HttpError('La fecha del depósito no puede ser posterior a hoy.', 400, { field: 'valueDate' }),
    );
    const answer = { state: 'validated' };
    decideReceipt.mockResolvedValueOnce(answer);
    const onDecided = vi.fn();
    render(<ValidateDialog receipt={receipt} onClose={vi.fn()} onDecided={onDecided} />);
    typeAmount('1500.00');
    const date = screen.getByLabelText(/^Fecha del depósito en el banco/);
    fireEvent.change(date, { target: { value: '2026-12-22' } });
    fireEvent.click(screen.getByRole('button', { name: 'Validar' }));
    await screen.findByText('La fecha del depósito no puede ser posterior a hoy.');
    fireEvent.click(screen.getByRole('button', { name: 'Validar' }));
    await vi.waitFor(() => expect(onDecided).toHaveBeenCalledWith(answer));
    expect(decideReceipt).toHaveBeenLastCalledWith(7, {
      decision: 'validate',
      amount: '1500.00',
      valueDate: '2026-12-22',
      photoSha256: SHA,
    });
  });
});
