import { fromWireInstalment } from '@prestamos-hn/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setSid } from '../../../lib/session';
import { stubUploads, type SentUpload } from '../../../testing/fake-upload';
import { stubLegacyApi, type StubAnswer } from '../../../testing/legacy-api-stub';
import { instalmentFixture } from '../../../testing/plan-fixtures';
import { cleanUpScreen, renderWithProviders } from '../../../testing/render-screen';
import { BankReceiptDialog } from './bank-receipt-dialog';

const SID = 'S'.repeat(43);
const DUPLICATE =
  'El comprobante con este número de referencia ya ha sido cargado, se actualizará tu foto de comprobante si se reenvía';

let referenceAnswer: (body: Record<string, unknown>) => StubAnswer;
let calls: ReturnType<typeof stubLegacyApi>;
let uploads: SentUpload[];

function renderDialog() {
  const onSent = vi.fn();
  const onClose = vi.fn();
  renderWithProviders(
    <BankReceiptDialog
      open
      onClose={onClose}
      onSent={onSent}
      containerId={12}
      instalment={fromWireInstalment(instalmentFixture(12, 2, '2027-01-21', 5))}
      total={3}
    />,
  );
  const dialog = screen.getByRole('dialog', { name: 'Subir Archivo BAC' });
  return {
    dialog,
    onSent,
    onClose,
    amount: within(dialog).getByLabelText(/^Monto a Pagar/),
    reference: within(dialog).getByLabelText(/^Número de Referencia/) as HTMLInputElement,
    attach: () => within(dialog).getByText('Adjuntar foto del comprobante').closest('label')!,
    photoInput: () => dialog.querySelector('input[type="file"]') as HTMLInputElement,
    send: within(dialog).getByRole('button', { name: 'Enviar comprobante' }),
  };
}

const photo = () =>
  new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'deposito.png', { type: 'image/png' });

beforeEach(() => {
  setSid(SID);
  referenceAnswer = () => ({ ok: 'no existe' });
  calls = stubLegacyApi({ 'getPagosReference.php': (body) => referenceAnswer(body) });
  uploads = stubUploads();
});
afterEach(cleanUpScreen);

// The first render pays for loading MUI, slow on a busy machine.
describe("'Subir Archivo BAC'", { timeout: 20_000 }, () => {
  it('asks for the amount and the reference, and shows the instalment it goes against', () => {
    const { amount, reference, dialog } = renderDialog();
    // Text with the decimal keypad: a number input would refuse '1,500' (issue 35).
    expect(amount.getAttribute('type')).toBe('text');
    expect(amount.getAttribute('inputmode')).toBe('decimal');
    expect(reference.getAttribute('type')).toBe('text');
    expect(within(dialog).getByText('Pago 2/3: L 417.21')).toBeTruthy();
  });

  it('enables the photo only once there is a reference, and sending only once there is a photo', async () => {
    const { reference, attach, photoInput, send, dialog } = renderDialog();
    expect(attach().getAttribute('aria-disabled')).toBe('true');
    expect(photoInput().disabled).toBe(true);
    expect(send.hasAttribute('disabled')).toBe(true);

    fireEvent.change(reference, { target: { value: ' FT 2611 2233 ' } });
    expect(reference.value).toBe('FT26112233');
    expect(attach().getAttribute('aria-disabled')).toBeNull();
    expect(photoInput().disabled).toBe(false);
    expect(send.hasAttribute('disabled')).toBe(true);

    // Images only.
    fireEvent.change(photoInput(), {
      target: { files: [new File(['%PDF'], 'deposito.pdf', { type: 'application/pdf' })] },
    });
    expect(within(dialog).getByRole('alert').textContent).toBe('El comprobante debe ser una foto (imagen).');
    expect(send.hasAttribute('disabled')).toBe(true);

    fireEvent.change(photoInput(), { target: { files: [photo()] } });
    expect(within(dialog).getByText('Foto: deposito.png')).toBeTruthy();
    expect(send.hasAttribute('disabled')).toBe(false);
    expect(photoInput().getAttribute('accept')).toBe('image/*');
  });

  it('checks the reference once typing pauses, and warns when it was already sent', async () => {
    referenceAnswer = (body) => ({ ok: body.reference === 'FT26112233' ? 'existe' : 'no existe' });
    const { reference, dialog } = renderDialog();
    fireEvent.change(reference, { target: { value: 'FT2611' } });
    fireEvent.change(reference, { target: { value: 'FT2611 2233' } });
    expect(await within(dialog).findByText(DUPLICATE)).toBeTruthy();
    // One check, after the pause, for the whole reference without whitespace, on this loan.
    expect(calls.filter((call) => call.file === 'getPagosReference.php').map((call) => call.body)).toEqual([
      { containerId: 12, reference: 'FT26112233', sid: SID },
    ]);
    // A new reference drops the old answer at once, before its own check.
    fireEvent.change(reference, { target: { value: 'FT2611223' } });
    expect(within(dialog).queryByText(DUPLICATE)).toBeNull();
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(within(dialog).queryByText('Error validando')).toBeNull();
  });

  it("says 'Error validando' when the check fails", async () => {
    referenceAnswer = () => ({ er: 'No encontramos ese préstamo.' });
    const { reference, dialog } = renderDialog();
    fireEvent.change(reference, { target: { value: 'FT1' } });
    expect(await within(dialog).findByText('Error validando')).toBeTruthy();
  });

  it("sends the photo with the loan, the instalment, the amount and the reference, reads 'Subiendo....', then reports it sent", async () => {
    const { amount, reference, photoInput, send, dialog, onSent } = renderDialog();
    fireEvent.change(amount, { target: { value: '417.21' } });
    fireEvent.change(reference, { target: { value: 'FT 26112233' } });
    fireEvent.change(photoInput(), { target: { files: [photo()] } });
    fireEvent.click(send);

    await waitFor(() => expect(uploads).toHaveLength(1));
    const [upload] = uploads;
    expect(upload!.url).toBe('/api/app/send_recipemail.php');
    expect(Object.fromEntries([...upload!.form.entries()].filter(([key]) => key !== 'DOC'))).toEqual({
      sid: SID,
      containerId: '12',
      idpago: '1202',
      amount: '417.21',
      reference: 'FT26112233',
    });
    expect(upload!.form.get('DOC')).toBeInstanceOf(Blob);
    expect(within(dialog).getByText('Subiendo....')).toBeTruthy();
    expect(send.hasAttribute('disabled')).toBe(true);
    upload!.progress(30, 60);
    await waitFor(() =>
      expect(
        within(dialog).getByRole('progressbar', { name: 'Subiendo....' }).getAttribute('aria-valuenow'),
      ).toBe('50'),
    );

    upload!.answer({
      status: 'OK',
      payload: { message: '¡Comprobante enviado con éxito!', receipt_id: 1, photo_replaced: false },
    });
    await waitFor(() => expect(onSent).toHaveBeenCalledOnce());
  });

  it("shows the server's refusal and stays open", async () => {
    const { amount, reference, photoInput, send, dialog, onSent } = renderDialog();
    fireEvent.change(amount, { target: { value: '100' } });
    fireEvent.change(reference, { target: { value: 'FT1' } });
    fireEvent.change(photoInput(), { target: { files: [photo()] } });
    fireEvent.click(send);
    await waitFor(() => expect(uploads).toHaveLength(1));
    uploads[0]!.answer({ status: 'ER', payload: { message: 'Este préstamo no tiene pagos pendientes.' } });
    expect(await within(dialog).findByText('Este préstamo no tiene pagos pendientes.')).toBeTruthy();
    expect(onSent).not.toHaveBeenCalled();
    expect(send.hasAttribute('disabled')).toBe(false);
  });

  it.each([
    ['1,417.21', '1417.21'],
    ['L 1,000', '1000'],
    ['15000.00', '15000'],
  ])('reads %j as people write it and sends %s', async (typed, sent) => {
    const { amount, reference, photoInput, send } = renderDialog();
    fireEvent.change(amount, { target: { value: typed } });
    fireEvent.change(reference, { target: { value: 'FT1' } });
    fireEvent.change(photoInput(), { target: { files: [photo()] } });
    fireEvent.click(send);
    await waitFor(() => expect(uploads).toHaveLength(1));
    expect(uploads[0]!.form.get('amount')).toBe(sent);
  });

  it('lets the borrower say at which listed bank they deposited (BAC first), and sends it (issue 35)', async () => {
    calls = stubLegacyApi({
      'getPagosReference.php': (body) => referenceAnswer(body),
      'getCollectionAccounts.php': () => ({
        ok: [
          { bank: 1, bank_name: 'Banco Atlántida', account_number: '1100223344', holder_name: 'HN' },
          { bank: 2, bank_name: 'BAC Credomatic', account_number: '200123456', holder_name: 'HN' },
        ],
      }),
    });
    const { amount, reference, photoInput, send, dialog } = renderDialog();
    const bank = (await within(dialog).findByLabelText('Banco donde depositaste')) as HTMLSelectElement;
    expect(bank.value).toBe('2');
    expect([...bank.options].map((o) => o.textContent)).toEqual(['Banco Atlántida', 'BAC Credomatic']);
    expect(
      within(dialog).getByText('Puedes depositar en cualquiera de las cuentas de «Dónde pagar».'),
    ).toBeTruthy();
    fireEvent.change(bank, { target: { value: '1' } });
    fireEvent.change(amount, { target: { value: '100' } });
    fireEvent.change(reference, { target: { value: 'ATL1' } });
    fireEvent.change(photoInput(), { target: { files: [photo()] } });
    fireEvent.click(send);
    await waitFor(() => expect(uploads).toHaveLength(1));
    expect(uploads[0]!.form.get('bank')).toBe('1');
  });

  it.each(['mil', '1.000,00', '-50'])(
    "says 'Escribe solo números' for %j and sends nothing",
    async (typed) => {
      const { amount, reference, photoInput, send, dialog } = renderDialog();
      fireEvent.change(amount, { target: { value: typed } });
      fireEvent.change(reference, { target: { value: 'FT1' } });
      fireEvent.change(photoInput(), { target: { files: [photo()] } });
      fireEvent.click(send);
      expect(await within(dialog).findByText('Escribe solo números')).toBeTruthy();
      expect(uploads).toHaveLength(0);
    },
  );

  it("asks for the amount ('Campo obligatorio') before sending", async () => {
    const { reference, photoInput, send, dialog } = renderDialog();
    fireEvent.change(reference, { target: { value: 'FT1' } });
    fireEvent.change(photoInput(), { target: { files: [photo()] } });
    fireEvent.click(send);
    expect(await within(dialog).findByText('Campo obligatorio')).toBeTruthy();
    expect(uploads).toHaveLength(0);
  });
});
