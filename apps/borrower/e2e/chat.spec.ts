import { randomBytes } from 'node:crypto';
import { expect, test, type APIRequestContext, type Page } from '../../../e2e/support/test';
import { expectNoAxeViolations } from '../../../e2e/support/axe';
import { storeBorrowerSession, type BorrowerSession } from '../../../e2e/support/borrower-browser';
import { censusPerson } from '../../../e2e/support/census';
import { makePng } from '../../../e2e/support/images';
import { legacyCall, registerThroughApi, type RegistrationFields } from '../../../e2e/support/legacy-api';
import { saveScreen } from '../../../e2e/support/screens';

// The help chat, borrower side, against the real server and database: the Chat tile opens the chat
// over Inicio, the borrower writes and sends a photo, a message stored elsewhere arrives live (the
// server-sent events channel, without reloading), a message typed without network waits and leaves
// once when the network returns, axe-core finds nothing, and the keyboard alone is enough.
//
// The live message below is the borrower's own, stored through the real postChatMessage.php call as
// a second device would. A staff answer from the back-office's inbox reaching the open chat (and the
// borrower's message reaching the inbox) is apps/backoffice/e2e/chat-inbox-journey.spec.ts.
test.describe.configure({ mode: 'serial' });

const PASSWORD = 'Clave#2024a';

/** Synthetic people of support/census-e2e.json used by this journey only, one per project. */
const PEOPLE: Record<'phone' | 'desktop', RegistrationFields> = {
  phone: {
    ...censusPerson('0801199370041', { UsrMail: '70041.chat@correo.hn', UsrTel: '97140041' }),
    UsrPwd: PASSWORD,
  },
  desktop: {
    ...censusPerson('0801199570042', { UsrMail: '70042.chat@correo.hn', UsrTel: '97140042' }),
    UsrPwd: PASSWORD,
  },
};

let session: BorrowerSession;

test.beforeAll(async ({ request }, testInfo) => {
  session = await registerThroughApi(request, PEOPLE[testInfo.project.name as 'phone' | 'desktop']);
});

/** Inicio logged in as this project's borrower (the session the registration made). */
async function openHome(page: Page) {
  await storeBorrowerSession(page, session);
  await page.goto('/#/');
  await expect(page.getByRole('heading', { name: 'Inicio', level: 1 })).toBeVisible();
}

async function openChat(page: Page) {
  await openHome(page);
  await page.getByRole('link', { name: /Chat/ }).click();
  const chat = page.getByRole('dialog', { name: 'Chat de ayuda' });
  await expect(chat).toBeVisible();
  await expect(page).toHaveURL(/#\/chat$/);
  await expect(
    chat.getByText(/Horario de atención: lunes a sábado, de 8:00 a\. m\. a 6:00 p\. m\./),
  ).toBeVisible();
  return chat;
}

/** The borrower's messages as the server keeps them. */
async function storedTexts(request: APIRequestContext): Promise<string[]> {
  const page = (await legacyCall(request, 'getChatMessages', { sid: session.sid })) as {
    messages: { text: string }[];
  };
  return page.messages.map((m) => m.text);
}

test('the Chat tile opens the chat; the borrower writes and sends a photo', async ({
  page,
  request,
}, testInfo) => {
  const chat = await openChat(page);
  const log = chat.getByRole('log', { name: 'Mensajes del chat' });
  await expect(log.getByText('Escríbenos tu consulta y te responderemos por aquí.')).toBeVisible();
  // This borrower has no loan: the chat works without the loan choice.
  await expect(chat.getByRole('combobox', { name: /préstamo/ })).toHaveCount(0);

  const box = chat.getByRole('textbox', { name: 'Escribe tu mensaje' });
  await box.fill('Hola, quiero saber cuándo vence mi primera cuota.');
  await box.press('Enter');
  await expect(log.getByText('Hola, quiero saber cuándo vence mi primera cuota.')).toBeVisible();
  await expect(log.getByText('Pendiente de enviar')).toHaveCount(0);
  await expect(box).toHaveValue('');

  const chooser = page.waitForEvent('filechooser');
  await chat.getByRole('button', { name: 'Adjuntar foto' }).click();
  await (
    await chooser
  ).setFiles({ name: 'comprobante.png', mimeType: 'image/png', buffer: makePng(1200, 900, 3) });
  await expect(chat.getByText('Foto lista para enviar')).toBeVisible();
  await box.fill('Te mando la foto de mi comprobante.');
  await chat.getByRole('button', { name: 'Enviar mensaje' }).click();
  const photo = log.getByRole('img', { name: 'Foto que enviaste' });
  await expect(photo).toBeVisible();
  // The stored photo comes back through its signed URL (the page's CSP allows it).
  await expect(photo).toHaveAttribute('src', /\/api\/files\/chat\/\d+\?exp=\d+&sig=/);
  await expect
    .poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  expect(await storedTexts(request)).toEqual([
    'Hola, quiero saber cuándo vence mi primera cuota.',
    'Te mando la foto de mi comprobante.',
  ]);
  await saveScreen(page, testInfo, 'chat');
  await expectNoAxeViolations(page);
});

test('a message stored from another device appears live, without reloading', async ({ page, request }) => {
  const chat = await openChat(page);
  await expect(chat.getByText('En línea')).toBeVisible();
  const text = `Escrito desde la computadora ${randomBytes(3).toString('hex')}`;
  await legacyCall(request, 'postChatMessage', {
    sid: session.sid,
    text,
    clientId: randomBytes(16).toString('hex'),
  });
  await expect(chat.getByRole('log', { name: 'Mensajes del chat' }).getByText(text)).toBeVisible({
    timeout: 4000,
  });
});

test('without network a message waits on the device and is sent once when the network returns', async ({
  page,
  context,
  request,
}) => {
  const chat = await openChat(page);
  const log = chat.getByRole('log', { name: 'Mensajes del chat' });
  await expect(log.getByText('Te mando la foto de mi comprobante.')).toBeVisible();

  await context.setOffline(true);
  await expect(
    chat.getByText('Estás sin conexión. Tus mensajes se enviarán cuando vuelvas a estar en línea.'),
  ).toBeVisible();
  const box = chat.getByRole('textbox', { name: 'Escribe tu mensaje' });
  await box.fill('Lo escribí sin señal.');
  await box.press('Enter');
  await expect(log.getByText('Lo escribí sin señal.')).toBeVisible();
  await expect(log.getByText('Pendiente de enviar')).toBeVisible();
  await expectNoAxeViolations(page);
  expect(await storedTexts(request)).not.toContain('Lo escribí sin señal.');

  await context.setOffline(false);
  await expect(log.getByText('Pendiente de enviar')).toHaveCount(0);
  await expect(chat.getByText('Estás sin conexión.', { exact: false })).toHaveCount(0);
  await expect
    .poll(async () => (await storedTexts(request)).filter((t) => t === 'Lo escribí sin señal.').length)
    .toBe(1);
  // Reloading (the queue is empty) sends nothing again.
  await page.reload();
  await expect(
    page.getByRole('dialog', { name: 'Chat de ayuda' }).getByText('Lo escribí sin señal.'),
  ).toBeVisible();
  expect((await storedTexts(request)).filter((t) => t === 'Lo escribí sin señal.')).toHaveLength(1);
});

test('the keyboard alone opens the chat, writes, attaches and closes it', async ({
  page,
  request,
}, testInfo) => {
  await openHome(page);
  const tile = page.getByRole('link', { name: /Chat/ });
  for (let i = 0; i < 30 && !(await tile.evaluate((el) => el === document.activeElement)); i++) {
    await page.keyboard.press('Tab');
  }
  await expect(tile).toBeFocused();
  await page.keyboard.press('Enter');
  const chat = page.getByRole('dialog', { name: 'Chat de ayuda' });
  await expect(chat).toBeVisible();

  const box = chat.getByRole('textbox', { name: 'Escribe tu mensaje' });
  for (let i = 0; i < 10 && !(await box.evaluate((el) => el === document.activeElement)); i++) {
    await page.keyboard.press('Tab');
  }
  await expect(box).toBeFocused();
  await page.keyboard.type('Escrito solo con el teclado.');
  await page.keyboard.press('Enter');
  await expect(chat.getByRole('log').getByText('Escrito solo con el teclado.')).toBeVisible();

  // Back to the attach button (before the text box) and open the file chooser with Enter.
  await page.keyboard.press('Shift+Tab');
  await expect(chat.getByRole('button', { name: 'Adjuntar foto' })).toBeFocused();
  const chooser = page.waitForEvent('filechooser');
  await page.keyboard.press('Enter');
  await (await chooser).setFiles({ name: 'foto.png', mimeType: 'image/png', buffer: makePng(320, 240, 5) });
  await expect(chat.getByText('Foto lista para enviar')).toBeVisible();
  await chat.getByRole('button', { name: 'Quitar foto' }).focus();
  await page.keyboard.press('Enter');
  await expect(chat.getByText('Foto lista para enviar')).toHaveCount(0);

  if (testInfo.project.name === 'desktop') {
    // On a wide screen the chat is a panel at the right, Inicio still beside it.
    const box = await chat.boundingBox();
    expect(box?.width).toBeLessThanOrEqual(420);
    expect(Math.round((box?.x ?? 0) + (box?.width ?? 0))).toBe(page.viewportSize()!.width);
  }
  await expectNoAxeViolations(page);

  await page.keyboard.press('Escape');
  await expect(chat).toHaveCount(0);
  await expect(page).toHaveURL(/#\/$/);
  await expect(tile).toBeFocused();
  expect(await storedTexts(request)).toContain('Escrito solo con el teclado.');
});
