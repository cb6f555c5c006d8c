import type { ChatMessageItem, ChatMessagesPage, CustomerOfferList } from '@prestamos-hn/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setSid } from '../../../lib/session';
import { stubLegacyFetch } from '../../../testing/legacy-api-stub';
import { loanFixture } from '../../../testing/loan-fixtures';
import { cleanUpScreen, renderWithProviders } from '../../../testing/render-screen';
import { pendingStorageKey } from '../utils/pending-queue';
import { ChatPanel } from './chat-panel';

// The chat panel against a stubbed server answering with contract-typed payloads. jsdom has no
// EventSource: the panel falls back to reading the conversation every few seconds, as a browser
// whose live channel fails does.

const OWNER = 'karla@correo.hn';

interface Server {
  messages: ChatMessageItem[];
  loans: CustomerOfferList | null;
  posts: Record<string, unknown>[];
  reads: number[];
  nextId: number;
}
let server: Server;
let online = true;

const office: ChatMessagesPage['office'] = {
  open: false,
  hours: 'lunes a sábado, de 8:00 a. m. a 6:00 p. m.',
  closesAt: null,
  nextOpening: '2026-11-23T14:00:00.000Z',
};

function ok(payload: unknown) {
  return new Response(JSON.stringify({ status: 'OK', payload }));
}

function answer(file: string, body: Record<string, unknown>): Response {
  switch (file) {
    case 'getChatMessages.php': {
      const after = typeof body.after === 'number' ? body.after : 0;
      const page: ChatMessagesPage = {
        messages: server.messages.filter((m) => m.id > after),
        hasOlder: false,
        unread: 0,
        office,
      };
      return ok(page);
    }
    case 'postChatMessage.php': {
      server.posts.push(body);
      const stored =
        server.messages.find((m) => m.clientId === body.clientId) ??
        ({
          id: server.nextId++,
          author: 'borrower',
          authorName: null,
          text: String(body.text),
          imageUrl: null,
          loanId: typeof body.loanId === 'number' ? body.loanId : null,
          receiptId: null,
          clientId: String(body.clientId),
          createdAt: '2026-11-22T15:05:00.000Z',
        } satisfies ChatMessageItem);
      if (!server.messages.includes(stored)) server.messages.push(stored);
      return ok({ message: stored });
    }
    case 'markChatRead.php':
      server.reads.push(body.upTo as number);
      return ok({ unread: 0 });
    case 'getChatUnread.php':
      return ok({ unread: 0 });
    case 'getChatTicket.php':
      return ok({ ticket: 'T'.repeat(43), expiresIn: 60 });
    case 'getCustomerOfferList.php':
      return server.loans
        ? ok(server.loans)
        : new Response(JSON.stringify({ status: '500', payload: { message: 'Ocurrió un error.' } }), {
            status: 500,
          });
    default:
      return new Response('{}', { status: 404 });
  }
}

function renderPanel() {
  const onClose = vi.fn();
  renderWithProviders(<ChatPanel owner={OWNER} onClose={onClose} />);
  return { onClose };
}

const staffAnswer: ChatMessageItem = {
  id: 11,
  author: 'staff',
  authorName: 'Carla',
  text: 'Hola, ¿en qué te ayudamos?',
  imageUrl: null,
  loanId: null,
  receiptId: null,
  clientId: null,
  createdAt: '2026-11-22T14:00:00.000Z',
};

beforeEach(() => {
  server = { messages: [], loans: null, posts: [], reads: [], nextId: 20 };
  online = true;
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
  setSid('S'.repeat(43));
  localStorage.removeItem(pendingStorageKey(OWNER));
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-22T15:00:00Z')); // Sunday 9:00 in Tegucigalpa
  stubLegacyFetch(answer);
});
afterEach(cleanUpScreen);

const messageBox = () => screen.getByRole('textbox', { name: 'Escribe tu mensaje' });
const log = () => screen.getByRole('log', { name: 'Mensajes del chat' });

// Rendering MUI in jsdom is slow on a busy machine.
describe('the chat panel', { timeout: 15_000 }, () => {
  it('shows the office hours, when an answer can be expected, and the conversation; marks answers read', async () => {
    server.messages = [staffAnswer];
    renderPanel();
    expect(await screen.findByRole('dialog', { name: 'Chat de ayuda' })).toBeTruthy();
    expect(
      await screen.findByText(
        /Estamos fuera de horario\. Puedes escribirnos y te responderemos mañana a partir de las 8:00 a\. m\./,
      ),
    ).toBeTruthy();
    expect(screen.getByText(/lunes a sábado, de 8:00 a\. m\. a 6:00 p\. m\./)).toBeTruthy();
    expect(await within(log()).findByText('Hola, ¿en qué te ayudamos?')).toBeTruthy();
    expect(within(log()).getByText('Carla, del equipo')).toBeTruthy();
    await waitFor(() => expect(server.reads).toEqual([11]));
  });

  it('sends a message with Enter, with the loan it is about, once', async () => {
    server.loans = {
      status: 3,
      loans: {
        '7': loanFixture(7, 3, {
          product_id: 1,
          debt: 1200,
          amount_limit: 5000,
          created: '2026-10-01T15:00:00.000Z',
        }),
      },
    };
    renderPanel();
    await screen.findByText('Escríbenos tu consulta y te responderemos por aquí.');
    fireEvent.mouseDown(await screen.findByRole('combobox', { name: '¿Sobre qué préstamo? (opcional)' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Préstamo #7 · L 5,000.00 · Pagando' }));
    fireEvent.change(messageBox(), { target: { value: '  ¿Cuánto me falta por pagar?  ' } });
    fireEvent.keyDown(messageBox(), { key: 'Enter' });
    expect(await within(log()).findByText('¿Cuánto me falta por pagar?')).toBeTruthy();
    await waitFor(() => expect(server.posts).toHaveLength(1));
    expect(server.posts[0]).toMatchObject({
      text: '¿Cuánto me falta por pagar?',
      loanId: 7,
      sid: 'S'.repeat(43),
    });
    expect(server.posts[0]!.clientId).toMatch(/^[0-9a-f]{32}$/);
    expect(await within(log()).findByText('Sobre el préstamo #7')).toBeTruthy();
    await waitFor(() => expect(localStorage.getItem(pendingStorageKey(OWNER))).toBeNull());
    expect((messageBox() as HTMLTextAreaElement).value).toBe('');
  });

  it('hides the loan choice when the loans cannot be read', async () => {
    renderPanel();
    await screen.findByText('Escríbenos tu consulta y te responderemos por aquí.');
    await waitFor(() => expect(screen.queryByText('Cargando…')).toBeNull());
    expect(screen.queryByRole('combobox', { name: /préstamo/ })).toBeNull();
    expect(messageBox()).toBeTruthy();
  });

  it('keeps messages typed offline on the device, pending, and sends them in order once online', async () => {
    renderPanel();
    await screen.findByText('Escríbenos tu consulta y te responderemos por aquí.');
    online = false;
    window.dispatchEvent(new Event('offline'));
    expect(
      await screen.findByText(
        'Estás sin conexión. Tus mensajes se enviarán cuando vuelvas a estar en línea.',
      ),
    ).toBeTruthy();
    for (const text of ['Primero', 'Segundo']) {
      fireEvent.change(messageBox(), { target: { value: text } });
      fireEvent.click(screen.getByRole('button', { name: 'Enviar mensaje' }));
      expect(await within(log()).findByText(text)).toBeTruthy();
    }
    expect(within(log()).getAllByText('Pendiente de enviar')).toHaveLength(2);
    const saved = JSON.parse(localStorage.getItem(pendingStorageKey(OWNER)) ?? '[]') as { text: string }[];
    expect(saved.map((m) => m.text)).toEqual(['Primero', 'Segundo']);
    expect(server.posts).toEqual([]);

    online = true;
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(server.posts.map((p) => p.text)).toEqual(['Primero', 'Segundo']));
    await waitFor(() => expect(within(log()).queryByText('Pendiente de enviar')).toBeNull());
    expect(
      within(log())
        .getAllByText(/^(Primero|Segundo)$/)
        .map((e) => e.textContent),
    ).toEqual(['Primero', 'Segundo']);
    expect(localStorage.getItem(pendingStorageKey(OWNER))).toBeNull();
    // Another 'online' sends nothing again.
    window.dispatchEvent(new Event('online'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.posts).toHaveLength(2);
  });

  it('closes with its button', async () => {
    const { onClose } = renderPanel();
    fireEvent.click(await screen.findByRole('button', { name: 'Cerrar chat' }));
    expect(onClose).toHaveBeenCalled();
  });
});
