import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../testing/render-screen';
import { TigoReceiptDialog } from './tigo-receipt-dialog';

// Nothing in the product opens this dialog (SPEC section 2); it is rendered here on its own.
describe("'Subir archivo TIGO'", { timeout: 20_000 }, () => {
  it("attaches an image, sends it, reads 'Subiendo....' while sending and is disabled meanwhile", async () => {
    let finish: () => void = () => {};
    const onSend = vi.fn((_photo: Blob) => new Promise<void>((resolve) => (finish = resolve)));
    const onSent = vi.fn();
    renderWithProviders(<TigoReceiptDialog open onClose={vi.fn()} onSend={onSend} onSent={onSent} />);
    const dialog = screen.getByRole('dialog', { name: 'Subir archivo TIGO' });
    const send = within(dialog).getByRole('button', { name: 'Enviar comprobante' });
    expect(send.hasAttribute('disabled')).toBe(true);
    const input = dialog.querySelector('input[type="file"]') as HTMLInputElement;
    expect(input.getAttribute('accept')).toBe('image/*');
    const photo = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'tigo.jpg', { type: 'image/jpeg' });
    fireEvent.change(input, { target: { files: [photo] } });
    expect(send.hasAttribute('disabled')).toBe(false);

    fireEvent.click(send);
    const sending = await within(dialog).findByRole('button', { name: 'Subiendo....' });
    expect(sending.hasAttribute('disabled')).toBe(true);
    expect(onSend).toHaveBeenCalledOnce();
    expect(onSend.mock.calls[0]![0]).toBeInstanceOf(Blob);
    finish();
    await waitFor(() => expect(onSent).toHaveBeenCalledOnce());
    expect(within(dialog).getByRole('button', { name: 'Enviar comprobante' }).hasAttribute('disabled')).toBe(
      true,
    );
  });
});
