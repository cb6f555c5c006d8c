import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { censusIdentity } from '../../../../e2e/support/census';
import { countOutbox, nextCode } from '../../../../e2e/support/outbox';

// Registration through the UI, shared by the journeys that need a fresh borrower.

export interface Borrower {
  dni: string;
  names: [string, string, string, string];
  gender: 'Hombre' | 'Mujer';
  birthDate: string;
  email: string;
  phone: string;
  password: string;
}

/** The person `dni` of e2e/support/census-e2e.json as the screens are filled in, with these contact data and password. */
export function censusBorrower(
  dni: string,
  account: Pick<Borrower, 'email' | 'phone' | 'password'>,
): Borrower {
  const { names, sex, birthDate } = censusIdentity(dni);
  return { dni, names, gender: sex === 'M' ? 'Hombre' : 'Mujer', birthDate, ...account };
}

export async function fillIdentity(page: Page, person: Borrower) {
  await page.getByLabel('Número de identidad').fill(person.dni);
  const [first, second, surname, secondSurname] = person.names;
  await page.getByLabel('Primer nombre').fill(first);
  await page.getByLabel('Segundo nombre').fill(second);
  await page.getByLabel('Primer apellido').fill(surname);
  await page.getByLabel('Segundo apellido').fill(secondSurname);
}

export async function fillPersonal(page: Page, request: APIRequestContext, person: Borrower) {
  await page.getByLabel('Correo').fill(person.email);
  await page.getByRole('radio', { name: person.gender }).check();
  const phone = page.getByLabel('Teléfono celular');
  await expect(phone).toBeDisabled();
  await page.getByLabel('Fecha de nacimiento').fill(person.birthDate);
  await expect(phone).toBeEnabled();
  await phone.fill(person.phone);

  const before = await countOutbox(request, person.phone);
  await page.getByRole('button', { name: 'Enviar sms' }).click();
  await expect(page.getByRole('button', { name: 'Enviado' })).toBeDisabled();
  await expect(page.getByText(/^Reenviar \(1[12]\ds\)$/)).toBeVisible();
  const code = await nextCode(request, person.phone, before);
  await page.getByLabel('Código').fill(code);
  await page.getByRole('button', { name: 'Confirmar' }).click();
  await expect(page.getByRole('button', { name: 'Validado' })).toBeDisabled();
  await expect(phone).toBeDisabled();
}

export async function fillAccount(page: Page, person: Borrower) {
  await page.getByLabel(/^Contraseña/).fill(person.password);
  await page.getByLabel('Repetir contraseña').fill(person.password);
  await page.getByRole('checkbox', { name: /acepto los términos/ }).click();
  // The privacy notice is the server's current version (issue 35 point 9), not filler text.
  const terms = page.getByRole('dialog', { name: 'Aviso de privacidad' });
  await expect(terms).toBeVisible();
  const notice = terms.frameLocator('iframe[title="Aviso de privacidad"]');
  await expect(notice.getByRole('heading', { name: /^Aviso de privacidad de / })).toBeVisible();
  await expect(notice.getByRole('heading', { name: '6. Tus derechos' })).toBeVisible();
  await terms.getByRole('button', { name: 'Acepto', exact: true }).click();
  await expect(page.getByRole('checkbox', { name: /acepto los términos/ })).toBeChecked();
}

/** 'Continuar' on the open step (once the previous step has finished collapsing). */
export async function next(page: Page) {
  const button = page.getByRole('button', { name: 'Continuar' });
  await expect(button).toHaveCount(1);
  await button.click();
}

/** On /perfil, 'Validar correo' shows while the e-mail is not validated: close it. */
export async function closeValidateEmail(page: Page) {
  const dialog = page.getByRole('dialog', { name: 'Validar correo' });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
}

/**
 * Registers `person` through the three steps; the borrower lands logged in on Inicio and opens
 * /perfil through 'Completa tu perfil' (its 'Continuar'), as right after registration the SPEC has it.
 */
export async function registerBorrower(page: Page, request: APIRequestContext, person: Borrower) {
  await page.goto('/#/registro');
  await fillIdentity(page, person);
  await next(page);
  await fillPersonal(page, request, person);
  await next(page);
  await fillAccount(page, person);
  await next(page);
  await page.getByRole('button', { name: 'Pasar a etapa 2' }).click();
  await expect(page).toHaveURL(/#\/$/);
  await page
    .getByRole('region', { name: 'Completa tu perfil' })
    .getByRole('button', { name: 'Continuar' })
    .click();
  await expect(page).toHaveURL(/#\/perfil$/);
}
