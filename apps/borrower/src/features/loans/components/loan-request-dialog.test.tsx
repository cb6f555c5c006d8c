import { createHash } from 'node:crypto';
import { fromWireApplicationProfile } from '@prestamos-hn/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setSid } from '../../../lib/session';
import {
  applicationProfileFixture,
  approvedProfileFixture,
  bankAccountsFixture,
  contractFixture,
  fieldConstructorFixture,
  promissoryNoteFixture,
  purposesFixture,
} from '../../../testing/loan-fixtures';
import { stubLegacyApi, type StubAnswer, type StubCall } from '../../../testing/legacy-api-stub';
import { cleanUpScreen, renderWithProviders } from '../../../testing/render-screen';
import { productTileViews } from '../utils/product-tiles';
import { LoanRequestDialog } from './loan-request-dialog';

/** The SHA-256 the server computes of a document's HTML (Node's, not the app's Web Crypto). */
const sha256Hex = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

const monthly = productTileViews({
  applicationProfile: fromWireApplicationProfile(applicationProfileFixture),
  loans: [],
  profileStatus: '1',
}).find((tile) => tile.product.period === 'mensual')!;

/** What the server would store for L 1,000 over 90 days (a date moved past a holiday: 2 January). */
const invoicePreviewFixture = {
  cantidadSolicitada: 1000,
  intereses: 101.63,
  gastosAdministrativos: 150,
  totalAPagar: 1251.63,
  pagosARealizar: 3,
  pagos: [
    { fechaDePago: '2026-12-31', cantidad: 417.21 },
    { fechaDePago: '2027-01-30', cantidad: 417.21 },
    { fechaDePago: '2027-03-02', cantidad: 417.21 },
  ],
  costoAnualTotal: 302.2,
};

let calls: StubCall[];
let postOffer: () => StubAnswer;
let putProfile: (body: Record<string, unknown>) => StubAnswer;
let sendBankAccountCode: (body: Record<string, unknown>) => StubAnswer;
let accounts = bankAccountsFixture;
const onSent = vi.fn();
const onClose = vi.fn();

beforeEach(() => {
  setSid('S'.repeat(43));
  accounts = bankAccountsFixture;
  postOffer = () => ({ ok: { message: 'Tu solicitud fue enviada.', container_id: 41 } });
  putProfile = () => ({ ok: { message: 'Tus datos se guardaron correctamente.' } });
  sendBankAccountCode = () => ({
    ok: { message: 'Te enviamos un código por SMS a tu teléfono para confirmar tu nueva cuenta bancaria.' },
  });
  calls = stubLegacyApi({
    'getPurposeList.php': () => ({ ok: purposesFixture }),
    'getProfile.php': () => ({
      ok: { data: approvedProfileFixture, files: [], csas: 'Aprobado', datasend: 'CMP', MailEst: 'CMP' },
    }),
    'get_bankaccount.php': () => ({ ok: accounts }),
    'getFieldConstructor.php': () => ({ ok: fieldConstructorFixture }),
    'get_contractPre.php': () => ({ ok: contractFixture }),
    'get_pagarePre.php': () => ({ ok: promissoryNoteFixture }),
    'getFacturaPre.php': () => ({ ok: invoicePreviewFixture }),
    'putProfile.php': (body) => putProfile(body),
    'sendBankAccountCode.php': (body) => sendBankAccountCode(body),
    'postOffer.php': () => postOffer(),
  });
});
afterEach(() => {
  cleanUpScreen();
  vi.clearAllMocks();
});

function renderDialog() {
  renderWithProviders(<LoanRequestDialog tile={monthly} onClose={onClose} onSent={onSent} />);
  return screen.getByRole('dialog', { name: 'Solicitud de préstamo' });
}

const button = (dialog: HTMLElement, name: string) => within(dialog).getByRole('button', { name });
const isDisabled = (element: HTMLElement) => element.hasAttribute('disabled');

async function fillStep1(dialog: HTMLElement, amount = '1000') {
  fireEvent.change(within(dialog).getByLabelText(/Monto \(L\)/), { target: { value: amount } });
  fireEvent.change(within(dialog).getByLabelText(/Plazo/), { target: { value: '90' } });
  const purpose = within(dialog).getByLabelText(/Destino del préstamo/);
  await waitFor(() => expect(within(purpose).getByRole('option', { name: 'Gastos médicos' })).toBeTruthy());
  fireEvent.change(purpose, { target: { value: '2' } });
}

async function goToDocuments(dialog: HTMLElement) {
  await fillStep1(dialog);
  await waitFor(() => expect(isDisabled(button(dialog, 'Continuar'))).toBe(false));
  fireEvent.click(button(dialog, 'Continuar'));
  fireEvent.click(await within(dialog).findByRole('checkbox', { name: /Confirmo que quiero recibir/ }));
  await waitFor(() => expect(isDisabled(button(dialog, 'Continuar'))).toBe(false));
  fireEvent.click(button(dialog, 'Continuar'));
  await within(dialog).findByTitle('Contrato de préstamo');
}

// MUI in jsdom on a shared machine: a whole walk through the dialog takes a few seconds.
describe('LoanRequestDialog', { timeout: 30_000 }, () => {
  it("step 1 goes on only with an amount, a term and a purpose, with the SPEC's messages", async () => {
    const dialog = renderDialog();
    expect(within(dialog).getByText('Préstamo mensual · Pagos mensuales')).toBeTruthy();
    const term = within(dialog).getByLabelText(/Plazo/);
    expect(
      within(term)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Seleccione', '30 días (1 pago)', '60 días (2 pagos)', '90 días (3 pagos)']);
    expect(isDisabled(button(dialog, 'Continuar'))).toBe(true);

    const amount = within(dialog).getByLabelText(/Monto \(L\)/);
    fireEvent.change(amount, { target: { value: '900' } });
    expect(await within(dialog).findByText('El monto debe ser mayor o igual a L.1000')).toBeTruthy();
    fireEvent.change(amount, { target: { value: '1005' } });
    expect(await within(dialog).findByText('Minimo L1000, máximo de L10000 y multiplo de 10.')).toBeTruthy();
    fireEvent.change(amount, { target: { value: '10010' } });
    expect(await within(dialog).findByText('Minimo L1000, máximo de L10000 y multiplo de 10.')).toBeTruthy();

    await fillStep1(dialog);
    await waitFor(() => expect(isDisabled(button(dialog, 'Continuar'))).toBe(false));
    fireEvent.change(within(dialog).getByLabelText(/Destino del préstamo/), { target: { value: '' } });
    expect(await within(dialog).findByText('Seleccione una opción.')).toBeTruthy();
    expect(isDisabled(button(dialog, 'Continuar'))).toBe(true);
    expect(within(dialog).queryByRole('button', { name: 'Enviar solicitud' })).toBeNull();
  });

  it('step 2 shows the current account and goes on only once it is confirmed', async () => {
    const dialog = renderDialog();
    await fillStep1(dialog);
    await waitFor(() => expect(isDisabled(button(dialog, 'Continuar'))).toBe(false));
    fireEvent.click(button(dialog, 'Continuar'));
    expect(await within(dialog).findByText('Banco Atlántida')).toBeTruthy();
    expect(within(dialog).getByText('1234567890')).toBeTruthy();
    expect(isDisabled(button(dialog, 'Continuar'))).toBe(true);
    const confirm = within(dialog).getByRole('checkbox', { name: /Confirmo que quiero recibir/ });
    fireEvent.click(confirm);
    await waitFor(() => expect(isDisabled(button(dialog, 'Continuar'))).toBe(false));
    fireEvent.click(confirm);
    await waitFor(() => expect(isDisabled(button(dialog, 'Continuar'))).toBe(true));
    // Back keeps what step 1 had.
    fireEvent.click(button(dialog, 'Atrás'));
    expect((within(dialog).getByLabelText(/Monto \(L\)/) as HTMLInputElement).value).toBe('1000');
  });

  it('changing the account asks for the password and an SMS code, shows refusals in red, and a saved new account must be confirmed again', async () => {
    const dialog = renderDialog();
    await fillStep1(dialog);
    await waitFor(() => expect(isDisabled(button(dialog, 'Continuar'))).toBe(false));
    fireEvent.click(button(dialog, 'Continuar'));
    fireEvent.click(await within(dialog).findByRole('checkbox', { name: /Confirmo que quiero recibir/ }));
    fireEvent.click(button(dialog, 'Cambiar cuenta'));
    expect(
      (within(dialog).getByRole('checkbox', { name: /Confirmo que quiero recibir/ }) as HTMLInputElement)
        .checked,
    ).toBe(false);
    const form = within(dialog).getByRole('form', { name: 'Cambiar cuenta bancaria' });
    // Its own form, not inside the request's: a form in a form is not valid HTML.
    expect(form.parentElement?.closest('form')).toBeNull();
    fireEvent.change(within(form).getByLabelText('Banco'), { target: { value: '2' } });
    fireEvent.change(within(form).getByLabelText('Número de cuenta'), { target: { value: '7788-9900' } });
    expect((within(form).getByLabelText('Número de cuenta') as HTMLInputElement).value).toBe('77889900');
    await waitFor(() =>
      expect(isDisabled(within(form).getByRole('button', { name: 'Guardar cuenta' }))).toBe(false),
    );
    fireEvent.click(within(form).getByRole('button', { name: 'Guardar cuenta' }));

    // An account on file is replaced with the password and an SMS code (issue 31).
    const confirm = await screen.findByRole('dialog', { name: 'Confirma tu nueva cuenta bancaria' });
    within(confirm).getByText('Nueva cuenta: BAC Credomatic · 77889900');
    const send = within(confirm).getByRole('button', { name: 'Enviar código' });
    expect(isDisabled(send)).toBe(true);
    fireEvent.change(within(confirm).getByLabelText(/Contraseña actual/), { target: { value: 'mala' } });
    sendBankAccountCode = () => ({ er: 'La contraseña actual no es correcta.', field: 'UsrPwd' });
    fireEvent.click(send);
    expect((await within(confirm).findByRole('alert')).textContent).toBe(
      'La contraseña actual no es correcta.',
    );
    fireEvent.change(within(confirm).getByLabelText(/Contraseña actual/), {
      target: { value: 'Clave#2026' },
    });
    sendBankAccountCode = () => ({ er: 'La cuenta ya existe en nuestro sistema.', field: 'UsrBanNum' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Enviar código' }));
    expect((await within(confirm).findByRole('alert')).textContent).toBe(
      'La cuenta ya existe en nuestro sistema.',
    );
    sendBankAccountCode = () => ({
      ok: { message: 'Te enviamos un código por SMS a tu teléfono para confirmar tu nueva cuenta bancaria.' },
    });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Enviar código' }));
    const code = await within(confirm).findByLabelText(/Código/);
    fireEvent.change(code, { target: { value: '123456' } });
    putProfile = () => {
      accounts = [
        { account_number: '1234567890', bank: '1', current: '0' },
        { account_number: '77889900', bank: '2', current: '1' },
      ];
      return { ok: { message: 'Tu cuenta bancaria se cambió correctamente.' } };
    };
    fireEvent.click(within(confirm).getByRole('button', { name: 'Confirmar cambio' }));
    expect(
      await within(dialog).findByText('Guardamos tu nueva cuenta. Confírmala para continuar.'),
    ).toBeTruthy();
    expect(await within(dialog).findByText('BAC Credomatic')).toBeTruthy();
    expect(within(dialog).getByText('77889900')).toBeTruthy();
    expect(calls.filter((call) => call.file === 'sendBankAccountCode.php').at(-1)?.body).toMatchObject({
      UsrBan: '2',
      UsrBanNum: '77889900',
      UsrPwd: 'Clave#2026',
    });
    expect(calls.filter((call) => call.file === 'putProfile.php').map((call) => call.body.array)).toEqual([
      { bank: '2', account_number: '77889900', UsrPwd: 'Clave#2026', OtpLNum: '123456' },
    ]);
    expect(isDisabled(button(dialog, 'Continuar'))).toBe(true);
  });

  it("reads the amount as people write it ('1,000', 'L 1,000'), else says 'Escribe solo números'", async () => {
    const dialog = renderDialog();
    const amount = within(dialog).getByLabelText(/Monto \(L\)/);
    fireEvent.change(amount, { target: { value: 'mil' } });
    expect(await within(dialog).findByText('Escribe solo números')).toBeTruthy();
    fireEvent.change(amount, { target: { value: '1.000,00' } });
    expect(await within(dialog).findByText('Escribe solo números')).toBeTruthy();
    await fillStep1(dialog, 'L 1,000');
    await waitFor(() => expect(isDisabled(button(dialog, 'Continuar'))).toBe(false));
    expect(within(dialog).queryByText('Escribe solo números')).toBeNull();
    fireEvent.click(button(dialog, 'Continuar'));
    fireEvent.click(await within(dialog).findByRole('checkbox', { name: /Confirmo que quiero recibir/ }));
    await waitFor(() => expect(isDisabled(button(dialog, 'Continuar'))).toBe(false));
    fireEvent.click(button(dialog, 'Continuar'));
    await within(dialog).findByTitle('Contrato de préstamo');
    // The wire gets the number, as the SPEC's postOffer.php has it.
    expect(calls.find((call) => call.file === 'get_contractPre.php')?.body).toMatchObject({ amount: 1000 });
  });

  it("'Enviar solicitud' is enabled only when both documents are accepted, and sends postOffer.php's body", async () => {
    const dialog = renderDialog();
    await goToDocuments(dialog);
    const send = button(dialog, 'Enviar solicitud');
    expect(isDisabled(send)).toBe(true);
    // The documents are rendered for this request, in sandboxed frames.
    for (const file of ['get_contractPre.php', 'get_pagarePre.php']) {
      expect(calls.find((call) => call.file === file)?.body).toMatchObject({
        amount: 1000,
        period: 90,
        productId: 3,
        purpose: '2',
      });
    }
    const contract = within(dialog).getByTitle('Contrato de préstamo');
    expect(contract.getAttribute('sandbox')).toBe('');
    expect(contract.getAttribute('srcdoc')).toContain('<h2>CONTRATO DE PRÉSTAMO</h2>');
    expect(within(dialog).getByTitle('Pagaré').getAttribute('sandbox')).toBe('');

    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'He leído y acepto el contrato.' }));
    await waitFor(() => expect(isDisabled(send)).toBe(true));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'He leído y acepto el pagaré.' }));
    await waitFor(() => expect(isDisabled(send)).toBe(false));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'He leído y acepto el contrato.' }));
    await waitFor(() => expect(isDisabled(send)).toBe(true));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'He leído y acepto el contrato.' }));
    await waitFor(() => expect(isDisabled(send)).toBe(false));

    fireEvent.click(send);
    await waitFor(() => expect(onSent).toHaveBeenCalledWith('Tu solicitud fue enviada.'));
    const sent = calls.find((call) => call.file === 'postOffer.php')!.body;
    expect(sent).toEqual({
      period: 90,
      amount: 1000,
      purpose: '2',
      productId: 3,
      // The versions read and the SHA-256 of the HTML as received (UTF-8), so that the server stores
      // the documents only if they are still what was read.
      contractVersion: 1,
      contractSha256: sha256Hex(contractFixture.document_template),
      promissoryNoteVersion: 2,
      promissoryNoteSha256: sha256Hex(promissoryNoteFixture.document_template),
      sid: 'S'.repeat(43),
    });
  });

  it('shows, above the boxes, what the loan costs: the quote the server would store for this request', async () => {
    const dialog = renderDialog();
    await goToDocuments(dialog);
    const cost = await within(dialog).findByRole('region', { name: 'Lo que vas a pagar' });
    const rows = () =>
      within(cost)
        .getAllByRole('term')
        .map((term) => `${term.textContent} ${term.nextElementSibling?.textContent}`);
    await waitFor(() => expect(rows().length).toBeGreaterThan(0));
    expect(rows()).toEqual([
      'Monto que recibes L 1,000.00',
      'Intereses L 101.63',
      'Gastos administrativos L 150.00',
      'Total a pagar L 1,251.63',
      'Número de pagos 3',
      'Tasa de interés anual 60 %',
      'Costo anual total (CAT) 302.2 %',
    ]);
    const payments = within(cost).getByRole('list', { name: 'Tus pagos' });
    expect(
      within(payments)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Primer pago31 de diciembre de 2026L 417.21',
      'Segundo pago30 de enero de 2027L 417.21',
      'Tercer pago2 de marzo de 2027L 417.21',
    ]);
    // Asked for this request (amount, term, product), and placed before the boxes that accept.
    expect(calls.find((call) => call.file === 'getFacturaPre.php')?.body).toMatchObject({
      amount: 1000,
      period: 90,
      productId: 3,
    });
    const box = within(dialog).getByRole('checkbox', { name: 'He leído y acepto el contrato.' });
    expect(cost.compareDocumentPosition(box) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it("shows a refusal's Spanish message in the dialog", async () => {
    postOffer = () => ({
      er: 'Ya tienes una solicitud o un préstamo activo. No puedes solicitar otro por ahora.',
    });
    const dialog = renderDialog();
    await goToDocuments(dialog);
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'He leído y acepto el contrato.' }));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'He leído y acepto el pagaré.' }));
    await waitFor(() => expect(isDisabled(button(dialog, 'Enviar solicitud'))).toBe(false));
    fireEvent.click(button(dialog, 'Enviar solicitud'));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Ya tienes una solicitud o un préstamo activo. No puedes solicitar otro por ahora.',
    );
    expect(onSent).not.toHaveBeenCalled();
    fireEvent.click(button(dialog, 'Cancelar'));
    expect(onClose).toHaveBeenCalled();
  });

  it('a changed request, or newer documents, must be accepted again', async () => {
    postOffer = () => ({ er: 'El contrato o el pagaré se actualizaron. Revísalos y acéptalos de nuevo.' });
    const dialog = renderDialog();
    await goToDocuments(dialog);
    const accept = (name: string) => within(dialog).getByRole('checkbox', { name });
    const isChecked = (name: string) => (accept(name) as HTMLInputElement).checked;
    fireEvent.click(accept('He leído y acepto el contrato.'));
    fireEvent.click(accept('He leído y acepto el pagaré.'));
    await waitFor(() => expect(isDisabled(button(dialog, 'Enviar solicitud'))).toBe(false));

    // A newer version was saved in between: the refusal, both boxes empty again, and both documents
    // read again from the server, to be read and accepted again.
    const previews = () =>
      calls.filter((call) => ['get_contractPre.php', 'get_pagarePre.php'].includes(call.file)).length;
    const previewsBefore = previews();
    fireEvent.click(button(dialog, 'Enviar solicitud'));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'El contrato o el pagaré se actualizaron. Revísalos y acéptalos de nuevo.',
    );
    expect(isChecked('He leído y acepto el contrato.')).toBe(false);
    expect(isChecked('He leído y acepto el pagaré.')).toBe(false);
    expect(isDisabled(button(dialog, 'Enviar solicitud'))).toBe(true);
    await waitFor(() => expect(previews()).toBe(previewsBefore + 2));
    await waitFor(() => expect(isDisabled(accept('He leído y acepto el contrato.'))).toBe(false));
    expect(isDisabled(accept('He leído y acepto el pagaré.'))).toBe(false);

    // Accepted, then the amount changed: the documents are rendered again and must be accepted again.
    fireEvent.click(accept('He leído y acepto el contrato.'));
    fireEvent.click(accept('He leído y acepto el pagaré.'));
    fireEvent.click(button(dialog, 'Atrás'));
    fireEvent.click(button(dialog, 'Atrás'));
    fireEvent.change(within(dialog).getByLabelText(/Monto \(L\)/), { target: { value: '2000' } });
    await waitFor(() => expect(isDisabled(button(dialog, 'Continuar'))).toBe(false));
    fireEvent.click(button(dialog, 'Continuar'));
    await waitFor(() => expect(isDisabled(button(dialog, 'Continuar'))).toBe(false));
    fireEvent.click(button(dialog, 'Continuar'));
    await within(dialog).findByTitle('Contrato de préstamo');
    expect(isChecked('He leído y acepto el contrato.')).toBe(false);
    expect(isChecked('He leído y acepto el pagaré.')).toBe(false);
    expect(
      calls.filter((call) => call.file === 'get_contractPre.php').map((call) => call.body.amount),
    ).toContain(2000);
  });
});
