import { expect, test, type APIRequestContext, type Page } from '../../../e2e/support/test';
import { expectNoAxeViolations } from '../../../e2e/support/axe';
import { makePng } from '../../../e2e/support/images';
import { storeBorrowerSession, type BorrowerSession } from '../../../e2e/support/borrower-browser';
import { censusPerson } from '../../../e2e/support/census';
import { legacyCall } from '../../../e2e/support/legacy-api';
import { registerApprovedBorrower } from '../../../e2e/support/loan-application';
import { saveScreen } from '../../../e2e/support/screens';
import { createStaffAccount, staffLogin, type StaffApi } from '../../../e2e/support/staff-api';
import { disburseLoanForTest, requestLoanThroughApi } from '../../../e2e/support/loan-desk';
import { logInStaff } from './support/staff';
import { E2E_TODAY, onServerDay } from '../../../e2e/support/server-clock';

// The help chat end to end, the acceptance journey: a borrower on a 360x640 phone writes
// about an instalment of their disbursed loan and attaches a photo; a support agent (created by the
// admin through the staff API, logged in through the back-office in another browser) sees it arrive
// in the inbox without reloading, opens it (photo, loan, borrower beside it), takes it and answers;
// the borrower sees the answer without reloading and its unread count clears; with the phone's
// network cut, a message waits and reaches the agent once when the network returns. axe-core on the
// chat and the inbox. (The borrower's chat alone, keyboard included, is apps/borrower/e2e/chat.spec.ts.)

/** A synthetic person of e2e/support/census-e2e.json used by this journey only. */
const BORROWER = censusPerson('0801199000058', { UsrMail: '00058.chat-inbox@correo.hn', UsrTel: '97150058' });
const AGENT = { name: 'Sara Soporte', email: 'sara.soporte@prestamos.local', password: 'Soporte#2026x' };

let admin: StaffApi;
let borrower: BorrowerSession & { loanId: number };

test.beforeAll(async ({ baseURL, request }, testInfo) => {
  // Skipped here, before any account is made: the desktop project would create the agent again.
  test.skip(
    testInfo.project.name !== 'phone',
    'One journey with both sides: the borrower on the phone project, the agent in a desktop-sized context of it.',
  );
  admin = await staffLogin(baseURL!);
  await createStaffAccount(admin, { ...AGENT, role: 'support' });
  const { sid, data } = await registerApprovedBorrower(request, admin, BORROWER);
  const loanId = await requestLoanThroughApi(request, sid);
  await disburseLoanForTest(admin, loanId, { disbursedOn: E2E_TODAY, reference: `TRF-CHAT-${loanId}` });
  borrower = { sid, data, loanId };
});
test.afterAll(async () => {
  await admin?.ctx.dispose();
});

/** The borrower's messages as the server keeps them. */
async function storedTexts(request: APIRequestContext): Promise<string[]> {
  const page = (await legacyCall(request, 'getChatMessages', { sid: borrower.sid })) as {
    messages: { text: string }[];
  };
  return page.messages.map((m) => m.text);
}

async function openBorrowerChat(page: Page) {
  await storeBorrowerSession(page, borrower);
  await page.goto('/#/');
  await expect(page.getByRole('heading', { name: 'Inicio', level: 1 })).toBeVisible();
  await page.getByRole('link', { name: /Chat/ }).click();
  const chat = page.getByRole('dialog', { name: 'Chat de ayuda' });
  await expect(chat).toBeVisible();
  await expect(chat.getByText('En línea')).toBeVisible();
  return chat;
}

test('a borrower asks about an instalment with a photo; a support agent answers from the inbox, live both ways', async ({
  page,
  context,
  browser,
  request,
}, testInfo) => {
  // A borrower with a disbursed loan (approved by one person, paid out by another since issue 31)
  // and two live sessions: past the default minute on a loaded machine.
  test.setTimeout(180_000);
  // The agent, on a computer, opens the inbox first.
  const office = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    locale: 'es-HN',
    timezoneId: 'America/Tegucigalpa',
  });
  await onServerDay(office);
  const agent = await office.newPage();
  await logInStaff(agent, request, AGENT);
  await agent.getByRole('menuitem', { name: 'Conversaciones' }).click();
  await expect(agent.getByRole('heading', { name: 'Conversaciones' })).toBeVisible();
  await expect(agent.getByTestId('chat-live-status')).toHaveText('En vivo');
  await expect(agent.getByRole('link', { name: 'WILMER ESPINOZA' })).toHaveCount(0);
  // What the agent had unread before (other journeys of the run may leave a conversation unread).
  const unreadBefore = (await (
    await agent.request.get(new URL('/api/backoffice/chats/unread', agent.url()).href)
  ).json()) as {
    messages: number;
    conversations: number;
  };

  // The borrower writes about the loan's first instalment and attaches a photo.
  const chat = await openBorrowerChat(page);
  const log = chat.getByRole('log', { name: 'Mensajes del chat' });
  await chat.getByRole('combobox', { name: '¿Sobre qué préstamo? (opcional)' }).click();
  await page.getByRole('option', { name: new RegExp(`^Préstamo #${borrower.loanId} `) }).click();
  const chooser = page.waitForEvent('filechooser');
  await chat.getByRole('button', { name: 'Adjuntar foto' }).click();
  await (
    await chooser
  ).setFiles({ name: 'deposito.png', mimeType: 'image/png', buffer: makePng(1200, 900, 7) });
  await expect(chat.getByText('Foto lista para enviar')).toBeVisible();
  const question = '¿Cuánto tengo que pagar en mi primera cuota? Aquí está mi depósito.';
  await chat.getByRole('textbox', { name: 'Escribe tu mensaje' }).fill(question);
  await chat.getByRole('button', { name: 'Enviar mensaje' }).click();
  await expect(log.getByText(question)).toBeVisible();
  await expect(log.getByRole('img', { name: 'Foto que enviaste' })).toBeVisible();

  // It arrives in the inbox without reloading, unread.
  const row = agent.getByRole('row', { name: /WILMER ESPINOZA/ });
  await expect(row).toBeVisible({ timeout: 8000 });
  await expect(row.getByText('1 sin leer')).toBeVisible();
  await expect(row.getByText(/Cliente: \(foto\) ¿Cuánto tengo que pagar/)).toBeVisible();
  const unreadMessages = unreadBefore.messages + 1;
  const unreadConversations = unreadBefore.conversations + 1;
  await expect(agent.getByTestId('chat-unread-summary')).toHaveText(
    `Tienes ${unreadMessages} ${unreadMessages === 1 ? 'mensaje' : 'mensajes'} sin leer en ${unreadConversations} ${unreadConversations === 1 ? 'conversación' : 'conversaciones'}.`,
  );
  await saveScreen(agent, testInfo, 'backoffice-chat-inbox');
  await expectNoAxeViolations(agent);

  // The conversation: the message, its photo and loan, the borrower's loan beside it.
  await agent.getByRole('link', { name: 'WILMER ESPINOZA' }).click();
  await expect(agent.getByRole('heading', { name: 'Conversación con WILMER ESPINOZA' })).toBeVisible();
  const messages = agent.getByRole('log', { name: 'Mensajes' });
  await expect(messages.getByText(question)).toBeVisible();
  await expect(messages.getByText(`Sobre el préstamo #${borrower.loanId}`)).toBeVisible();
  const photo = messages.getByRole('img', { name: 'Foto enviada por el cliente' });
  await expect(photo).toHaveAttribute('src', /\/api\/backoffice\/chats\/\d+\/messages\/\d+\/image$/);
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  const side = agent.getByRole('complementary', { name: 'WILMER ESPINOZA' });
  await expect(side.getByText(new RegExp(`#${borrower.loanId} · Pagando · L 1,000.00`))).toBeVisible();
  await expect(side.getByText('Aprobado')).toBeVisible();
  await expect(side.getByRole('link', { name: 'Ver expediente del cliente' })).toBeVisible();

  // The agent takes it and answers with the keyboard.
  await agent.getByRole('button', { name: 'Asignarme' }).click();
  await expect(agent.getByText(`Asignada a: ${AGENT.name}`)).toBeVisible();
  await expect(agent.getByRole('button', { name: 'Asignarme' })).toBeDisabled();
  const answer = 'Tu primera cuota es de L 417.21. Ya vimos tu depósito, gracias.';
  const box = agent.getByRole('textbox', { name: 'Respuesta' });
  await box.focus();
  await agent.keyboard.type(answer);
  await agent.keyboard.press('Tab');
  await expect(agent.getByRole('button', { name: 'Enviar' })).toBeFocused();
  await agent.keyboard.press('Enter');
  await expect(messages.getByText(answer)).toBeVisible();
  await expect(box).toHaveValue('');
  await saveScreen(agent, testInfo, 'backoffice-chat-conversation');
  await expectNoAxeViolations(agent);

  // The borrower sees the answer without reloading; with the chat open it is read at once.
  await expect(log.getByText(answer)).toBeVisible({ timeout: 8000 });
  await saveScreen(page, testInfo, 'chat-answer-phone', { fullPage: false });
  await expectNoAxeViolations(page);
  await expect
    .poll(
      async () =>
        ((await legacyCall(request, 'getChatUnread', { sid: borrower.sid })) as { unread: number }).unread,
    )
    .toBe(0);
  await page.keyboard.press('Escape');
  await expect(chat).toHaveCount(0);
  await expect(page.getByRole('link', { name: /Chat/ })).not.toContainText(/sin leer/);

  // Without network, a message waits on the phone and reaches the agent once when it returns.
  await page.getByRole('link', { name: /Chat/ }).click();
  await expect(chat).toBeVisible();
  await context.setOffline(true);
  await expect(chat.getByText('Estás sin conexión.', { exact: false })).toBeVisible();
  const offline = 'Perdón, se me fue la señal. ¿Puedo pagar el sábado?';
  await chat.getByRole('textbox', { name: 'Escribe tu mensaje' }).fill(offline);
  await chat.getByRole('textbox', { name: 'Escribe tu mensaje' }).press('Enter');
  await expect(log.getByText('Pendiente de enviar')).toBeVisible();
  expect(await storedTexts(request)).not.toContain(offline);
  await context.setOffline(false);
  await expect(log.getByText('Pendiente de enviar')).toHaveCount(0);
  await expect(messages.getByText(offline)).toBeVisible({ timeout: 8000 });
  await expect.poll(async () => (await storedTexts(request)).filter((t) => t === offline).length).toBe(1);

  // An answer while the chat is closed: the Chat tile counts it (without reloading) until it is read.
  await page.keyboard.press('Escape');
  await expect(chat).toHaveCount(0);
  const later = '¿Te ayudo con algo más?';
  await agent.getByRole('textbox', { name: 'Respuesta' }).fill(later);
  await agent.getByRole('button', { name: 'Enviar' }).click();
  await expect(messages.getByText(later)).toBeVisible();
  const tile = page.getByRole('link', { name: /Chat/ });
  await expect(tile).toContainText('1 respuesta sin leer', { timeout: 15_000 });
  await tile.click();
  await expect(log.getByText(later)).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(tile).not.toContainText(/sin leer/);

  // The agent closes the conversation; it leaves the open ones.
  await agent.getByRole('button', { name: 'Cerrar conversación' }).click();
  await expect(agent.getByText('Conversación cerrada.')).toBeVisible();
  await agent.getByRole('menuitem', { name: 'Conversaciones' }).click();
  await expect(agent.getByRole('link', { name: 'WILMER ESPINOZA' })).toHaveCount(0);
  await office.close();
});
