import type { LocationAnswer, NotificationItem, ProfileData } from '@prestamos-hn/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setHomeSplashShown } from '../../features/home/hooks/use-home-splash';
import { setSid } from '../../lib/session';
import { stubLegacyFetch } from '../../testing/legacy-api-stub';
import { approvedProfileFixture } from '../../testing/loan-fixtures';
import { juticalpaFixture, tegucigalpaFixture } from '../../testing/location-fixtures';
import { cleanUpScreen, renderRoutes } from '../../testing/render-screen';
import { Component as Home } from './home';

// Fixtures typed by the contract; the states the server makes (approved, reviewed yesterday, many
// notifications) that the UI cannot yet produce end to end.
const profile: ProfileData = approvedProfileFixture;

interface Server {
  profile: ProfileData;
  location: LocationAnswer;
  notifications: NotificationItem[];
  count?: number;
  chatUnread?: number;
  puts: Record<string, unknown>[];
}
let server: Server;

function ok(payload: unknown) {
  return new Response(JSON.stringify({ status: 'OK', payload }));
}

function answer(file: string, body: Record<string, unknown>): Response {
  switch (file) {
    case 'getProfile.php':
      return ok({ data: server.profile, files: [], csas: 'Nuevo', datasend: 'CMP', MailEst: 'CMP' });
    case 'post_locations':
      return ok(server.location);
    case 'getNotificationNum.php':
      return ok({ NotNum: server.count ?? server.notifications.length });
    case 'getChatUnread.php':
      return ok({ unread: server.chatUnread ?? 0 });
    case 'getNotification.php':
      return ok(server.notifications);
    case 'delNotification.php':
      server.notifications = server.notifications.filter((item) => item.NotCod !== body.NotCod);
      return ok({ message: 'Notificación eliminada.' });
    case 'putProfile.php': {
      const changes = body.array as Record<string, string>;
      server.puts.push(changes);
      server.profile = { ...server.profile, ...changes };
      return ok({ message: 'Tus datos se guardaron correctamente.' });
    }
    default:
      return new Response('{}', { status: 404 });
  }
}

function grantLocation(granted: boolean) {
  Object.defineProperty(navigator, 'geolocation', {
    configurable: true,
    value: {
      getCurrentPosition: (success: PositionCallback, failure: PositionErrorCallback) =>
        granted
          ? success({ coords: { latitude: 14.0818, longitude: -87.2068 } } as GeolocationPosition)
          : failure({ code: 1, PERMISSION_DENIED: 1, message: 'denied' } as GeolocationPositionError),
    },
  });
}

function renderHome() {
  return renderRoutes(
    [
      { path: '/', Component: Home, children: [{ path: 'chat', element: <p>Chat abierto</p> }] },
      { path: '/aplicar', element: <p>Pantalla Aplicar</p> },
    ],
    '/',
  );
}

const applyTile = () => screen.getByRole('button', { name: /Aplicar/ });

beforeEach(() => {
  server = { profile: { ...profile }, location: tegucigalpaFixture, notifications: [], puts: [] };
  setSid('S'.repeat(43));
  setHomeSplashShown(true);
  grantLocation(true);
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-03-10T16:00:00Z'));
  stubLegacyFetch(answer);
});
afterEach(cleanUpScreen);

describe('Inicio', () => {
  it('enables Aplicar for an approved borrower in Tegucigalpa, and goes to /aplicar', async () => {
    const router = renderHome();
    expect(await screen.findByText('Tegucigalpa, Francisco Morazán')).toBeTruthy();
    await waitFor(() => expect(applyTile().hasAttribute('disabled')).toBe(false));
    for (const name of ['Perfil', 'Plan', 'Historial', 'Chat']) {
      expect(screen.getByRole('link', { name: new RegExp(name) })).toBeTruthy();
    }
    expect(screen.getByRole('button', { name: /Referir/ }).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Cerrar sesión' })).toBeTruthy();
    expect(screen.getByText(/© 2026 .* · Versión /)).toBeTruthy();
    fireEvent.click(applyTile());
    await waitFor(() => expect(router.state.location.pathname).toBe('/aplicar'));
  });

  it('disables Aplicar outside the allowed cities with the SPEC message', async () => {
    server.location = juticalpaFixture;
    renderHome();
    expect(await screen.findByText('Lo sentimos, esta opción no está disponible en Juticalpa')).toBeTruthy();
    expect(
      await screen.findByText('Lo sentimos, actualmente esta función no está permitida en tu ubicación.'),
    ).toBeTruthy();
    expect(applyTile().hasAttribute('disabled')).toBe(true);
  });

  it('asks for the location permission, naming the brand, when it is refused', async () => {
    grantLocation(false);
    renderHome();
    const alert = await screen.findByText(/es necesario que el navegador acceda a tu ubicación/);
    expect(alert.textContent).toContain(
      'Para continuar con el proceso de solicitud de préstamo en Préstamos HN App, es necesario que el navegador acceda a tu ubicación en tu celular.',
    );
    expect(screen.getByRole('link', { name: 'Ver más' })).toBeTruthy();
    await waitFor(() => expect(applyTile().hasAttribute('disabled')).toBe(true));
  });

  it.each([
    [3, 'TIMEOUT'],
    [2, 'POSITION_UNAVAILABLE'],
  ])(
    'says it could not get the position (code %i, %s), not a refusal, and Reintentar asks again',
    async (code) => {
      const asks: string[] = [];
      Object.defineProperty(navigator, 'geolocation', {
        configurable: true,
        value: {
          getCurrentPosition: (success: PositionCallback, failure: PositionErrorCallback) => {
            asks.push('ask');
            if (asks.length === 1) {
              failure({ code, PERMISSION_DENIED: 1, message: 'Timeout expired' } as GeolocationPositionError);
            } else success({ coords: { latitude: 14.0818, longitude: -87.2068 } } as GeolocationPosition);
          },
        },
      });
      renderHome();
      const alert = await screen.findByRole('alert');
      expect(alert.textContent).toContain('No pudimos obtener tu ubicación');
      expect(alert.textContent).not.toContain('es necesario que el navegador acceda');
      expect(screen.queryByRole('link', { name: 'Ver más' })).toBeNull();
      await waitFor(() => expect(applyTile().hasAttribute('disabled')).toBe(true));
      fireEvent.click(within(alert).getByRole('button', { name: 'Reintentar' }));
      expect(await screen.findByText('Tegucigalpa, Francisco Morazán')).toBeTruthy();
      expect(asks).toHaveLength(2);
      expect(screen.queryByText('No pudimos obtener tu ubicación')).toBeNull();
      await waitFor(() => expect(applyTile().hasAttribute('disabled')).toBe(false));
    },
  );

  it('offers no Reintentar on a refusal', async () => {
    grantLocation(false);
    renderHome();
    await screen.findByText(/es necesario que el navegador acceda a tu ubicación/);
    expect(screen.queryByRole('button', { name: 'Reintentar' })).toBeNull();
  });

  it('closes Aplicar in Holy Week', async () => {
    vi.setSystemTime(new Date('2026-04-17T16:00:00Z'));
    renderHome();
    expect(
      await screen.findByText(/Por Semana Santa no recibimos solicitudes del 16 al 19 de abril/),
    ).toBeTruthy();
    expect(applyTile().hasAttribute('disabled')).toBe(true);
  });

  it("with status '0' and modified yesterday shows the review outcome and the help link", async () => {
    server.profile = { ...profile, status: '0', errores_perfil: 1, modified: '2026-03-09' };
    renderHome();
    expect(await screen.findByText('Tu perfil sigue en proceso de validación. No puedes aún.')).toBeTruthy();
    expect(screen.getByText(/No pudimos confirmar tu selfie/)).toBeTruthy();
    expect(applyTile().hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Ver ayuda' }));
    expect(await screen.findByRole('dialog', { name: 'Ayuda' })).toBeTruthy();
  });

  it("with status '0' otherwise says the answer comes within 24 business hours, with the profile link", async () => {
    server.profile = { ...profile, status: '0', errores_perfil: 1, modified: '2026-03-08' };
    renderHome();
    expect(await screen.findByText(/Te responderemos en un plazo de 24 horas hábiles\./)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ir a mi perfil' }).getAttribute('href')).toBe('/perfil');
  });

  it('shows 99+ for 120 notifications, only the latest, and the next one after deleting it', async () => {
    server.notifications = Array.from({ length: 120 }, (_, i) => ({
      NotCod: 120 - i,
      NotTit: `Aviso ${120 - i}`,
      NotDsc: `Texto ${120 - i}`,
      NotFch: new Date(Date.UTC(2026, 2, 10, 12, 0) - i * 60_000).toISOString(),
    }));
    renderHome();
    const bell = await screen.findByRole('button', { name: 'Notificaciones: 99+' });
    expect(within(bell).getByText('99+')).toBeTruthy();
    fireEvent.click(bell);
    const popover = await screen.findByRole('dialog', { name: 'Notificaciones' });
    expect(await within(popover).findByText('Aviso 120')).toBeTruthy();
    expect(within(popover).queryByText('Aviso 119')).toBeNull();
    fireEvent.click(within(popover).getByRole('button', { name: 'Eliminar notificación' }));
    expect(await within(popover).findByText('Aviso 119')).toBeTruthy();
    expect(within(popover).queryByText('Aviso 120')).toBeNull();
  });

  it('counts unread chat answers on the Chat tile and in the bell, which opens the chat', async () => {
    server.chatUnread = 2;
    server.count = 1;
    server.notifications = [
      {
        NotCod: 1,
        NotTit: 'Perfil aprobado',
        NotDsc: 'Ya puedes solicitar.',
        NotFch: '2026-03-10T15:00:00.000Z',
      },
    ];
    const router = renderHome();
    const tile = await screen.findByRole('link', { name: /Chat.*2 respuestas sin leer/ });
    expect(tile.getAttribute('href')).toBe('/chat');
    const bell = await screen.findByRole('button', { name: 'Notificaciones: 3' });
    fireEvent.click(bell);
    const popover = await screen.findByRole('dialog', { name: 'Notificaciones' });
    expect(within(popover).getByText('Tienes 2 respuestas nuevas en el chat de ayuda.')).toBeTruthy();
    expect(await within(popover).findByText('Perfil aprobado')).toBeTruthy();
    fireEvent.click(within(popover).getByRole('link', { name: 'Abrir chat' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/chat'));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Notificaciones' })).toBeNull());
  });

  it('says so when there are no notifications', async () => {
    renderHome();
    fireEvent.click(await screen.findByRole('button', { name: 'Notificaciones' }));
    expect(await screen.findByText('No hay notificaciones por los momentos.')).toBeTruthy();
  });

  it('opens the references modal when a reference is missing, saves both, and thanks', async () => {
    server.profile = { ...profile, ref_tipo_lab: '', ref_nom_lab: '', ref_tel_lab: '' };
    renderHome();
    await waitFor(() => expect(applyTile().hasAttribute('disabled')).toBe(false));
    fireEvent.click(applyTile());
    const dialog = await screen.findByRole('dialog', { name: 'Completa tus referencias' });
    const save = within(dialog).getByRole('button', { name: 'Guardar' });
    expect(save.hasAttribute('disabled')).toBe(true);

    fireEvent.change(within(dialog).getByLabelText(/Nombre de la referencia laboral/), {
      target: { value: 'juan pérez 2' },
    });
    expect((within(dialog).getByLabelText(/Nombre de la referencia laboral/) as HTMLInputElement).value).toBe(
      'JUAN PÉREZ ',
    );
    fireEvent.change(within(dialog).getByLabelText(/Teléfono de la referencia laboral/), {
      target: { value: '9988-7766' },
    });
    expect(
      await within(dialog).findByText('El teléfono laboral no puede ser igual al personal.'),
    ).toBeTruthy();
    expect(within(dialog).getByText('El teléfono personal no puede ser igual al laboral.')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/Teléfono de la referencia laboral/), {
      target: { value: '33445566' },
    });
    await waitFor(() =>
      expect(within(dialog).queryByText('El teléfono personal no puede ser igual al laboral.')).toBeNull(),
    );
    fireEvent.change(within(dialog).getByLabelText(/Correo de la referencia personal/), {
      target: { value: 'Ana@Correo.hn' },
    });
    fireEvent.change(within(dialog).getByLabelText(/Correo de la referencia laboral/), {
      target: { value: 'ana@correo.hn' },
    });
    expect(await within(dialog).findByText('El correo laboral no puede ser igual al personal.')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/Correo de la referencia laboral/), {
      target: { value: 'jefe@empresa.hn' },
    });
    // The labour type: MUI's select opens a listbox.
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: /Tipo de referencia laboral/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'Jefe o jefa' }));
    await waitFor(() => expect(save.hasAttribute('disabled')).toBe(false));
    fireEvent.click(save);

    expect(await screen.findByRole('dialog', { name: '¡Gracias!' })).toBeTruthy();
    expect(server.puts).toEqual([
      {
        ref_tipo_per: 'amigo',
        ref_nom_per: 'MARIA LOPEZ',
        ref_tel_per: '99887766',
        ref_correo_per: 'ana@correo.hn',
        ref_tipo_lab: 'jefe',
        ref_nom_lab: 'JUAN PÉREZ',
        ref_tel_lab: '33445566',
        ref_correo_lab: 'jefe@empresa.hn',
      },
    ]);
    expect(screen.getByRole('button', { name: 'Continuar con mi solicitud' })).toBeTruthy();
  });
});
