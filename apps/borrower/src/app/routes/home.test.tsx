import type {
  LoanItem,
  LocationAnswer,
  NotificationItem,
  ProfileData,
  ScheduleItem,
} from '@prestamos-hn/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setHomeSplashShown } from '../../features/home/hooks/use-home-splash';
import { setSid } from '../../lib/session';
import { stubLegacyFetch } from '../../testing/legacy-api-stub';
import { approvedProfileFixture } from '../../testing/loan-fixtures';
import { planLoanFixture, scheduleFixture } from '../../testing/plan-fixtures';
import { juticalpaFixture, tegucigalpaFixture } from '../../testing/location-fixtures';
import { Route, Switch } from 'wouter';
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
  /** Each readNotifications.php call's NotCod. */
  reads?: unknown[];
  loans?: LoanItem[];
  schedules?: Record<number, ScheduleItem[]>;
}
let server: Server;

function ok(payload: unknown) {
  return new Response(JSON.stringify({ status: 'OK', payload }));
}

const unreadCount = () => server.notifications.filter((item) => item.NotLei !== 1).length;

function answer(file: string, body: Record<string, unknown>): Response {
  switch (file) {
    case 'getProfile.php':
      return ok({ data: server.profile, files: [], csas: 'Nuevo', datasend: 'CMP', MailEst: 'CMP' });
    case 'post_locations':
      return ok(server.location);
    case 'getNotificationNum.php':
      return ok({ NotNum: server.count ?? unreadCount() });
    case 'getChatUnread.php':
      return ok({ unread: server.chatUnread ?? 0 });
    case 'getNotification.php':
      return ok(server.notifications);
    case 'getCustomerOfferList.php':
      return ok({
        status: server.loans?.[0]?.status ?? null,
        loans: Object.fromEntries((server.loans ?? []).map((loan) => [String(loan.container_id), loan])),
      });
    case 'getBorrowerRepaymentSchedule.php':
      return ok(server.schedules?.[Number(body.ContainerId)] ?? []);
    case 'readNotifications.php':
      (server.reads ??= []).push(body.NotCod);
      server.notifications = server.notifications.map((item) =>
        item.NotCod <= Number(body.NotCod) ? { ...item, NotLei: 1 } : item,
      );
      return ok({ NotNum: unreadCount() });
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

function renderHome(state: unknown = null) {
  return renderRoutes(
    <Switch>
      <Route path="/" component={Home} />
      <Route path="/aplicar">
        <p>Pantalla Aplicar</p>
      </Route>
      <Route path="/perfil">
        <p>Pantalla Perfil</p>
      </Route>
    </Switch>,
    '/',
    state,
  );
}

/** A borrower just registered: stage 1 only (no stage 2 answers, references or documents). */
const newAccountProfile: ProfileData = {
  ...profile,
  status: '0',
  income_status: '',
  income: null,
  bank: '',
  account_number: '',
  marital_status: '',
  home_status: '',
  dependents: null,
  education: '',
  region: '',
  county: '',
  workplace: '',
  workplace_position: '',
  work_region: '',
  work_county: '',
  work_experience: '',
  ref_tipo_per: '',
  ref_nom_per: '',
  ref_tel_per: '',
  ref_tipo_lab: '',
  ref_nom_lab: '',
  ref_tel_lab: '',
  file1: '',
  file2: '',
  file3: '',
  file4: '',
};

const pickStage2 = (p: ProfileData) => ({
  income_status: p.income_status,
  income: p.income,
  bank: p.bank,
  account_number: p.account_number,
  marital_status: p.marital_status,
  home_status: p.home_status,
  dependents: p.dependents,
  work_experience: p.work_experience,
});

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
  it('shows its splash while the profile loads and gives way as soon as it answers, before its 2 seconds', async () => {
    setHomeSplashShown(false);
    let answerProfile: () => void = () => {};
    const profileHeld = new Promise<void>((resolve) => (answerProfile = resolve));
    vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
      const file = url.split('/').at(-1)!.split('?')[0]!;
      if (file === 'getProfile.php') await profileHeld;
      return answer(file, JSON.parse(String(init.body ?? '{}')) as Record<string, unknown>);
    });
    renderHome();
    expect(screen.getByRole('progressbar', { name: 'Cargando la aplicación' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Inicio' })).toBeNull();

    answerProfile();
    // Inicio is drawn from the profile: it shows once that has answered, not after a fixed 2 seconds
    // (docs/ux.md, "Inicio's splash").
    expect(await screen.findByRole('heading', { name: 'Inicio', level: 1 }, { timeout: 1_000 })).toBeTruthy();
    expect(screen.queryByRole('progressbar', { name: 'Cargando la aplicación' })).toBeNull();
  });

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
    await waitFor(() => expect(router.location().pathname).toBe('/aplicar'));
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
    expect(screen.getByRole('link', { name: 'Ir a mi perfil' }).getAttribute('href')).toBe('#/perfil');
  });

  it('shows 99+ for 120 notifications, lists every one newest first, and deletes the one asked', async () => {
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
    const dialog = await screen.findByRole('dialog', { name: 'Notificaciones' });
    const list = await within(dialog).findByRole('list', { name: 'Notificaciones' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(120);
    expect(within(items[0]!).getByRole('heading').textContent).toBe('Aviso 120');
    expect(within(items[1]!).getByRole('heading').textContent).toBe('Aviso 119');
    expect(within(items[119]!).getByRole('heading').textContent).toBe('Aviso 1');
    expect(within(items[0]!).getByText('Texto 120')).toBeTruthy();
    expect(within(items[0]!).getByText(/10 de marzo de 2026/)).toBeTruthy();
    // The second one, not the latest: each row deletes its own.
    fireEvent.click(within(items[1]!).getByRole('button', { name: 'Eliminar notificación' }));
    await waitFor(() => expect(within(dialog).queryByText('Aviso 119')).toBeNull());
    expect(within(dialog).getByText('Aviso 120')).toBeTruthy();
    expect(within(dialog).getByText('Aviso 118')).toBeTruthy();
    expect(within(dialog).getAllByRole('listitem')).toHaveLength(119);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cerrar' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Notificaciones' })).toBeNull());
  });

  it('opening the list marks read up to the newest shown and the badge goes to 0; unread rows say so', async () => {
    server.notifications = [3, 2, 1].map((code) => ({
      NotCod: code,
      NotTit: `Aviso ${code}`,
      NotDsc: 'Texto',
      NotFch: new Date(Date.UTC(2026, 2, 10, 12, code)).toISOString(),
      NotLei: code === 1 ? (1 as const) : (0 as const),
    }));
    renderHome();
    fireEvent.click(await screen.findByRole('button', { name: 'Notificaciones: 2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Notificaciones' });
    await waitFor(() => expect(server.reads).toEqual([3]));
    // The badge takes the answer's count at once, without waiting for the next poll (the bell is
    // behind the open dialog, hidden from the accessibility tree).
    await screen.findByRole('button', { name: 'Notificaciones', hidden: true });
    // Shown as they were when the list opened: the two new ones in bold, and said, not only shown.
    const headings = within(dialog).getAllByRole('heading', { level: 3 });
    expect(headings.map((h) => h.textContent)).toEqual(['No leída: Aviso 3', 'No leída: Aviso 2', 'Aviso 1']);
    expect(getComputedStyle(headings[0]!).fontWeight).toBe('700');
    expect(getComputedStyle(headings[2]!).fontWeight).toBe('500');
    // Closing and opening again reads the list anew: nothing is unread, nothing more is marked.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cerrar' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Notificaciones' })).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Notificaciones' }));
    const again = await screen.findByRole('dialog', { name: 'Notificaciones' });
    await waitFor(() =>
      expect(within(again).getAllByRole('heading', { level: 3 })[0]!.textContent).toBe('Aviso 3'),
    );
    expect(server.reads).toEqual([3]);
  });

  it('counts unread chat answers on the Chat tile only, not in the bell', async () => {
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
    renderHome();
    const tile = await screen.findByRole('link', { name: /Chat.*2 respuestas sin leer/ });
    expect(tile.getAttribute('href')).toBe('#/chat');
    const bell = await screen.findByRole('button', { name: 'Notificaciones: 1' });
    fireEvent.click(bell);
    const dialog = await screen.findByRole('dialog', { name: 'Notificaciones' });
    expect(await within(dialog).findByText('Perfil aprobado')).toBeTruthy();
    expect(within(dialog).queryByText(/chat/i)).toBeNull();
  });

  it('says so when there are no notifications', async () => {
    renderHome();
    fireEvent.click(await screen.findByRole('button', { name: 'Notificaciones' }));
    const dialog = await screen.findByRole('dialog', { name: 'Notificaciones' });
    expect(await within(dialog).findByText('No hay notificaciones por los momentos.')).toBeTruthy();
    expect(within(dialog).queryByRole('list')).toBeNull();
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
  it("after registration shows 'Completa tu perfil' with what is missing, and opens the next item", async () => {
    server.profile = newAccountProfile;
    const router = renderHome({ isNewAccount: true });
    const card = await screen.findByRole('region', { name: 'Completa tu perfil' });
    const rows = within(card)
      .getAllByRole('button')
      .filter((button) => button.textContent !== 'Continuar');
    expect(rows.map((row) => row.querySelector('.MuiListItemText-primary')?.textContent)).toEqual([
      'Completa tu registro',
      'Tu casa y tu trabajo',
      'Tus referencias',
      'Tus documentos',
    ]);
    expect(rows[0]!.textContent).toContain(
      'Banco, Número de cuenta, Tipo de ingreso, Ingreso mensual (L), Estado civil, Tipo de vivienda, Número de dependientes, Fecha de inicio laboral',
    );
    expect(rows[2]!.textContent).toContain('Referencia personal, Referencia laboral');
    expect(rows[3]!.textContent).toContain(
      'Identidad (frente), Identidad (reverso), Recibo de servicio público, Selfie',
    );
    // Each pending row looks tappable: a chevron at its end.
    for (const row of rows) expect(row.querySelector('[data-testid="ChevronRightIcon"]')).not.toBeNull();
    // Stage 2 is not done: no 'Se registro correctamente.' yet, and no review notice.
    expect(within(card).queryByText('Se registro correctamente.')).toBeNull();
    expect(screen.queryByText(/Te responderemos en un plazo de 24 horas hábiles/)).toBeNull();

    // 'Continuar' opens the first: stage 2, after the pre-approved-loan dialog of a new account.
    fireEvent.click(within(card).getByRole('button', { name: 'Continuar' }));
    await waitFor(() => expect(router.location().pathname).toBe('/perfil'));
    expect(router.location().state).toEqual({ isNewAccount: true });
  });

  it("says 'Se registro correctamente.' once stage 2 is done, and each row opens its part of the profile", async () => {
    server.profile = { ...newAccountProfile, ...pickStage2(profile), education: 'universitaria' };
    const router = renderHome();
    const card = await screen.findByRole('region', { name: 'Completa tu perfil' });
    expect(within(card).getByText('Se registro correctamente.')).toBeTruthy();
    expect(within(card).queryByText('Completa tu registro')).toBeNull();
    const work = within(card).getByRole('button', { name: /Tu casa y tu trabajo/ });
    expect(work.textContent).toContain(
      'Departamento de tu casa, Nombre del lugar de trabajo, Cargo en el trabajo, Departamento del trabajo, Municipio del trabajo',
    );
    fireEvent.click(within(card).getByRole('button', { name: /Tus documentos/ }));
    await waitFor(() => expect(router.location().pathname).toBe('/perfil'));
    expect(router.location().state).toBeNull();
  });

  it('opens stage 2 itself from the card when the borrower comes back later', async () => {
    server.profile = newAccountProfile;
    const router = renderHome();
    fireEvent.click(await screen.findByRole('button', { name: /Completa tu registro/ }));
    await waitFor(() => expect(router.location().pathname).toBe('/perfil'));
    expect(router.location().state).toEqual({ isStage2Requested: true });
  });

  it('keeps the review outcome above the card when the staff returned a document', async () => {
    server.profile = { ...profile, status: '0', errores_perfil: 2, modified: '2026-03-09', file3: '' };
    renderHome();
    const card = await screen.findByRole('region', { name: 'Completa tu perfil' });
    expect(within(card).getByRole('button', { name: /Tus documentos/ }).textContent).toContain(
      'Recibo de servicio público',
    );
    expect(within(card).getByText('Se registro correctamente.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Ver ayuda' })).toBeTruthy();
  });

  it('shows no card once the profile is complete', async () => {
    server.profile = { ...profile, status: '0' };
    renderHome();
    expect(await screen.findByText(/Te responderemos en un plazo de 24 horas hábiles/)).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Completa tu perfil' })).toBeNull();
    expect(screen.queryByText('Se registro correctamente.')).toBeNull();
  });

  it('shows the next instalment of the loan being paid: what it owes and its due date, linking to its plan', async () => {
    server.loans = [planLoanFixture(9, 3)];
    // The first paid, the second partly covered: L 417.21 less L 17.21 of interest.
    const schedule = scheduleFixture(9, [1, 5, 0]);
    schedule[1] = { ...schedule[1]!, charge_covered: 17.21 };
    server.schedules = { 9: schedule };
    renderHome();
    const card = await screen.findByRole('region', { name: 'Tu próxima cuota' });
    expect(within(card).getByText('L 400.00')).toBeTruthy();
    expect(within(card).getByText('Vence el 21 de enero de 2027.')).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Ver mi plan de pagos' }).getAttribute('href')).toBe(
      '#/plan/9',
    );
  });

  it("says 'Atrasado' with what the late instalments owe, late fee included", async () => {
    server.loans = [planLoanFixture(9, 8)];
    const schedule = scheduleFixture(9, [3, 5, 0]);
    schedule[0] = { ...schedule[0]!, late_fee: 100 };
    server.schedules = { 9: schedule };
    renderHome();
    const card = await screen.findByRole('region', { name: 'Atrasado' });
    expect(within(card).getByText('L 517.21')).toBeTruthy();
    expect(within(card).getByText(/^Debes L 517.21 de 1 cuota vencida, recargos incluidos/)).toBeTruthy();
  });

  it('shows no instalment without a loan being paid (a request waiting, a paid loan)', async () => {
    server.loans = [planLoanFixture(9, 4, { debt: 0 }), planLoanFixture(10, 0)];
    server.schedules = { 9: scheduleFixture(9, [1, 1, 6]) };
    renderHome();
    await waitFor(() => expect(applyTile().hasAttribute('disabled')).toBe(false));
    expect(screen.queryByRole('region', { name: 'Tu próxima cuota' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Atrasado' })).toBeNull();
  });
});
