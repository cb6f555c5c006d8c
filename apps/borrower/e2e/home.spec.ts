import {
  expect,
  test,
  type APIRequestContext,
  type BrowserContext,
  type Page,
} from '../../../e2e/support/test';
import { expectNoAxeViolations } from '../../../e2e/support/axe';
import {
  holdAppCode,
  holdRequests,
  holdServerScreen,
  withoutServerScreen,
  placeBrowserAt,
  storeBorrowerSession,
  TEGUCIGALPA,
  type BorrowerSession,
} from '../../../e2e/support/borrower-browser';
import { censusPerson, type CensusPerson } from '../../../e2e/support/census';
import {
  completeAndSendThroughApi,
  legacyCall,
  legacyPost,
  registerThroughApi,
  sendForReviewThroughApi,
} from '../../../e2e/support/legacy-api';
import { countOutbox, nextCode, readOutbox } from '../../../e2e/support/outbox';
import { saveScreen } from '../../../e2e/support/screens';
import { approveProfile, returnProfile, staffLogin, type StaffApi } from '../../../e2e/support/staff-api';
import { E2E_TODAY, todayInHondurasAt } from '../../../e2e/support/server-clock';
import { watchCspViolations } from '../../../e2e/support/csp';
import { watchConsoleErrors } from '../../../e2e/support/console-errors';
import { SPLASH_SCREEN_MS } from '@prestamos-hn/domain';

// The home screen issue, borrower side: Inicio, its Aplicar tile, the location, the notifications
// list and the references modal, against the real server and database.
//
// Every review state is real: borrowers are registered, completed and sent for review through the
// borrower's legacy API, and the default admin approves or returns them through the staff API
// (e2e/support/staff-api.ts), which also makes the real notifications and SMS. Only the references
// modal still sets status '1' in the browser (an approved profile always has both references and is
// locked on the server, so the modal cannot come up with real data); that test says so in its name.
test.describe.configure({ mode: 'serial' });

const JUTICALPA = { latitude: 14.6667, longitude: -86.2167 };

const PROFILE_IN_VALIDATION = 'Tu perfil sigue en proceso de validación. No puedes aún.';
const LOCATION_NOT_ALLOWED = 'Lo sentimos, actualmente esta función no está permitida en tu ubicación.';

/** A synthetic person of e2e/support/census-e2e.json (no other journey registers these). */
const inicioPerson = (dni: string, phone: string) =>
  censusPerson(dni, { UsrMail: `${dni.slice(-5)}.inicio@correo.hn`, UsrTel: phone });

/** Each project its own borrowers, one per state: the server and database are shared by both. */
const PEOPLE = {
  phone: {
    inValidation: inicioPerson('0801198070001', '97100001'),
    approved: inicioPerson('0801198270003', '97100003'),
    returned: inicioPerson('0801198470005', '97100005'),
    notified: inicioPerson('0801198670007', '97100007'),
  },
  desktop: {
    inValidation: inicioPerson('0801198170002', '97100002'),
    approved: inicioPerson('0801198570006', '97100006'),
    returned: inicioPerson('0801198770008', '97100008'),
    notified: inicioPerson('0801198870009', '97100009'),
  },
} as const;
type Role = keyof (typeof PEOPLE)['phone'];
const PASSWORD = 'Clave#2024a';

interface Session extends BorrowerSession {
  /** Registered by this call (false: it existed already, its state was prepared before). */
  isNew: boolean;
}

/**
 * A session for `person`, through the public calls the screens make: registration (phone code,
 * then register.php) the first time, login with its SMS code when it exists already.
 */
async function borrowerSession(request: APIRequestContext, person: CensusPerson): Promise<Session> {
  const sent = await countOutbox(request, person.UsrTel);
  const login = await legacyPost(request, 'login', { UsrUsr: person.UsrMail, UsrPwd: PASSWORD });
  if (login.status === 'OK') {
    const code = await nextCode(request, person.UsrTel, sent);
    // The right code answers the active session's sid, in place of the one login gave.
    const { sid } = await legacyCall(request, 'otp_cmp_login', { sid: login.payload.sid, OtpLNum: code });
    return { sid: sid as string, data: login.payload.data, isNew: false };
  }
  return { ...(await registerThroughApi(request, { ...person, UsrPwd: PASSWORD })), isNew: true };
}

/** How many notifications the 'notified' borrower gets: one per decision, all real. */
const NOTIFICATIONS = 120;
const LAST_RETURN_TEXT =
  'Tu recibo de servicio público no es válido. Sube un recibo de luz, agua, teléfono o cable de los últimos 6 meses que muestre la dirección de tu casa.';

/** What the staff do to each borrower once it is sent for review. */
const PREPARE: Record<
  Role,
  (request: APIRequestContext, staff: StaffApi, person: CensusPerson, sid: string) => Promise<void>
> = {
  // Registered only (stage 1): in validation, nothing sent.
  inValidation: async () => {},
  approved: async (request, staff, person, sid) => {
    await completeAndSendThroughApi(request, sid, person);
    await approveProfile(staff, person.UsrDNI);
  },
  // Returned with code 2 (the utility bill): status '0', errores_perfil 2, `modified` today.
  returned: async (request, staff, person, sid) => {
    await completeAndSendThroughApi(request, sid, person);
    const decision = await returnProfile(staff, person.UsrDNI, {
      code: 2,
      failedItems: { documents: { utilityBill: true } },
      note: 'El recibo está a nombre de otra persona.',
    });
    expect(decision).toMatchObject({ status: '0', errores_perfil: 2 });
  },
  // Returned and sent again NOTIFICATIONS - 1 times (the last return for the bill), then approved.
  notified: async (request, staff, person, sid) => {
    await completeAndSendThroughApi(request, sid, person);
    let borrower: number | string = person.UsrDNI;
    for (let i = NOTIFICATIONS - 1; i >= 1; i--) {
      const code = i === 1 ? 2 : ((i % 5) as 0 | 1 | 3 | 4);
      borrower = (await returnProfile(staff, borrower, { code })).borrowerId;
      await sendForReviewThroughApi(request, sid);
    }
    await approveProfile(staff, borrower);
  },
};

let staff: StaffApi;
test.beforeAll(async ({ baseURL }) => {
  staff = await staffLogin(baseURL!);
});
test.afterAll(async () => {
  await staff?.ctx.dispose();
});

const sessions = new Map<string, Promise<Session>>();

/** This project's borrower in the state `role`, prepared once (by the staff where a decision is needed). */
function borrowerIn(request: APIRequestContext, role: Role): Promise<Session> {
  const person = PEOPLE[test.info().project.name as 'phone' | 'desktop'][role];
  let session = sessions.get(person.UsrDNI);
  if (!session) {
    session = (async () => {
      const created = await borrowerSession(request, person);
      if (created.isNew) await PREPARE[role](request, staff, person, created.sid);
      return created;
    })();
    sessions.set(person.UsrDNI, session);
  }
  return session;
}

/** Logs the browser in as this project's borrower in `role`, at `place` (or with the location refused). */
async function logInAs(
  page: Page,
  context: BrowserContext,
  request: APIRequestContext,
  role: Role,
  place: { latitude: number; longitude: number } | 'denied' = TEGUCIGALPA,
) {
  const session = await borrowerIn(request, role);
  if (place !== 'denied') await placeBrowserAt(context, place);
  await storeBorrowerSession(page, session);
}

/** Opens Inicio logged in as this project's borrower in `role`, at `place` (or with the location refused). */
async function openHome(
  page: Page,
  context: BrowserContext,
  request: APIRequestContext,
  role: Role,
  place: { latitude: number; longitude: number } | 'denied',
  path = '/#/',
) {
  await logInAs(page, context, request, role, place);
  await page.goto(path);
  await expect(page.getByRole('heading', { name: 'Inicio', level: 1 })).toBeVisible();
}

/**
 * The real getProfile.php answer with some fields changed in the browser (the app asks for it itself:
 * the server's Inicio, rendered from the real answer, is declined).
 */
async function overrideProfile(page: Page, changes: Record<string, unknown>) {
  await withoutServerScreen(page);
  await page.route('**/api/app/getProfile.php', async (route) => {
    const response = await route.fetch();
    const json = (await response.json()) as { payload: { data: Record<string, unknown> } };
    Object.assign(json.payload.data, changes);
    await route.fulfill({ response, json });
  });
}

const applyTile = (page: Page) => page.getByRole('button', { name: /^Aplicar/ });

/**
 * Notes when #root first shows the server's screen, on the page's clock (that of its paint timing);
 * answers a function that reads how long after the page's first paint that was.
 */
async function noteServerScreen(page: Page): Promise<() => Promise<number>> {
  await page.addInitScript(() => {
    new MutationObserver((_, observer) => {
      if (document.getElementById('root')?.getAttribute('data-prerendered') !== 'servidor') return;
      Object.assign(window, { serverScreenAt: performance.now() });
      observer.disconnect();
    }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-prerendered'] });
  });
  return () =>
    page.evaluate(
      () =>
        (window as unknown as { serverScreenAt: number }).serverScreenAt -
        // From the page's start where paint timing has none (a busy headless browser left it out once).
        (performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0),
    );
}

async function brandName(page: Page): Promise<string> {
  return page.locator('meta[name="app-brand"]').getAttribute('content') as Promise<string>;
}

test("Inicio's splash paints from the page itself while Inicio loads; the server's Inicio replaces it as soon as it comes, before the app's code, and the app takes it over", async ({
  page,
  context,
  request,
}, testInfo) => {
  const violations = await watchCspViolations(page);
  const errors = watchConsoleErrors(page);
  await logInAs(page, context, request, 'inValidation');
  const calls: string[] = [];
  page.on('request', (sent) => {
    const call = /\/api\/(app\/\w+\.php|first-screen)/.exec(sent.url())?.[1];
    if (call) calls.push(call);
  });
  // The app's code waits until the test lets it through: only the page, its splash and the server.
  const letThrough = await holdAppCode(page);
  // Inicio's render is on its way, as on a slow network (let through well within the page's wait
  // for it; the splash's screenshot and accessibility are accessibility.spec.ts's).
  const letScreenThrough = await holdServerScreen(page);
  const serverScreenAfterPaint = await noteServerScreen(page);
  await page.goto('/#/', { waitUntil: 'domcontentloaded' });
  await expect(page.locator('#root')).toHaveAttribute('data-prerendered', 'inicio');
  await expect(page.getByRole('heading', { name: await brandName(page), level: 1 })).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Cargando la aplicación' })).toBeVisible();

  // The borrower's own Inicio, rendered by the server, as soon as it comes: the splash is a wait for
  // Inicio, not a wait of its own (docs/ux.md, "Inicio's splash").
  letScreenThrough();
  await expect(page.locator('#root')).toHaveAttribute('data-prerendered', 'servidor');
  await expect(page.getByRole('heading', { name: 'Inicio', level: 1 })).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Cargando la aplicación' })).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: PROFILE_IN_VALIDATION })).toBeVisible();
  // The splash was painted first.
  expect(await serverScreenAfterPaint()).toBeGreaterThan(0);
  await saveScreen(page, testInfo, 'inicio-from-the-server');
  await expectNoAxeViolations(page);
  expect(calls).toEqual(['first-screen']);

  letThrough();
  await expect(page.locator('#root')).not.toHaveAttribute('data-prerendered');
  await expect(page.getByRole('status').filter({ hasText: PROFILE_IN_VALIDATION })).toBeVisible();
  await expect(page.getByText(/^Tegucigalpa/)).toBeVisible();
  await page.waitForLoadState('networkidle');
  // The app took the server's answers: Inicio's calls were not asked for again.
  expect(calls.filter((call) => /getProfile|getCustomerOfferList|getChatUnread/.test(call))).toEqual([]);
  expect(errors).toEqual([]);
  expect(await violations()).toEqual([]);
});

test("a screen's first calls leave with the page, before the app's code: each is sent once, and the app uses its answer", async ({
  page,
  context,
  request,
}) => {
  await logInAs(page, context, request, 'inValidation');
  const sent = new Map<string, number>();
  page.on('request', (sentRequest) => {
    const call = /\/api\/app\/(\w+)\.php/.exec(sentRequest.url())?.[1];
    if (call) sent.set(call, (sent.get(call) ?? 0) + 1);
  });
  const countsOf = (calls: string[]) => calls.map((call) => `${call} ${sent.get(call) ?? 0}`);
  // The app's code waits until the test lets it through.
  const letThrough = await holdAppCode(page);

  // The help chat over Inicio asks for Inicio's calls early (Inicio itself and the other logged-in
  // screens come rendered by the server: first-screen.spec.ts).
  const calls = ['getProfile', 'getCustomerOfferList', 'getChatUnread'];
  await page.goto('/#/chat', { waitUntil: 'domcontentloaded' });
  // Sent by the page alone: no module of the app has arrived.
  await expect.poll(() => countsOf(calls)).toEqual(calls.map((call) => `${call} 1`));
  letThrough();
  await expect(page.getByRole('dialog', { name: 'Chat de ayuda' })).toBeVisible();
  // Inicio under the dialog, drawn from those answers.
  await expect(page.getByText(PROFILE_IN_VALIDATION)).toBeAttached();
  await page.waitForLoadState('networkidle');
  // The app took those answers: none of them was asked for again.
  expect(countsOf(calls)).toEqual(calls.map((call) => `${call} 1`));
});

test("without the server's Inicio the app's splash shows while the profile loads, 2 seconds at most; then Inicio shows what it has", async ({
  page,
  context,
  request,
}) => {
  await logInAs(page, context, request, 'inValidation');
  await withoutServerScreen(page);
  // The profile is slow to answer, as on a bad network.
  const answerProfile = await holdRequests(page, '**/api/app/getProfile.php');
  await page.goto('/#/');
  await expect(page.getByRole('progressbar', { name: 'Cargando la aplicación' })).toBeVisible();
  // Past its 2 seconds the splash gives way, profile or not: Inicio shows what it has.
  await expect(page.getByRole('heading', { name: 'Inicio', level: 1 })).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Cargando la aplicación' })).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: PROFILE_IN_VALIDATION })).toHaveCount(0);
  answerProfile();
  await expect(page.getByRole('status').filter({ hasText: PROFILE_IN_VALIDATION })).toBeVisible();
});

test('a borrower in validation sees Inicio, the splash only while it loads: bar, location, tiles, notice, footer', async ({
  page,
  context,
  request,
}, testInfo) => {
  await logInAs(page, context, request, 'inValidation');
  const serverScreenAfterPaint = await noteServerScreen(page);
  await page.goto('/#/main');
  await expect(page.getByRole('heading', { name: 'Inicio', level: 1 })).toBeVisible();
  // The splash gave way as soon as Inicio came, well within its 2 seconds (docs/ux.md, "Inicio's splash").
  expect(await serverScreenAfterPaint()).toBeLessThan(SPLASH_SCREEN_MS);

  await expect(page.getByText(/^Tegucigalpa/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Notificaciones' })).toBeVisible();
  for (const name of ['Perfil', 'Plan', 'Historial']) {
    await expect(page.getByRole('link', { name: new RegExp(`^${name}`) })).toBeVisible();
  }
  await expect(applyTile(page)).toBeDisabled();
  await expect(page.getByRole('status').filter({ hasText: PROFILE_IN_VALIDATION })).toBeVisible();
  // The help chat (chat.spec.ts) opens from its tile.
  await expect(page.getByRole('link', { name: /^Chat/ })).toHaveAttribute('href', '#/chat');
  await expect(page.getByRole('button', { name: /^Referir/ })).toBeDisabled();
  // Registered only: 'Completa tu perfil' says what is missing, instead of 'changes received'.
  const toDo = page.getByRole('region', { name: 'Completa tu perfil' });
  await expect(toDo.getByRole('button', { name: /^Completa tu registro/ })).toBeVisible();
  await expect(toDo.getByRole('button', { name: /^Tus documentos/ })).toBeVisible();
  await expect(toDo.getByText('Se registro correctamente.')).toHaveCount(0);
  await expect(page.getByText(/Te responderemos en un plazo de 24 horas hábiles\./)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Cerrar sesión' })).toBeVisible();
  await expect(page.getByText(new RegExp(`© ${E2E_TODAY.slice(0, 4)} .+ · Versión \\d`))).toBeVisible();
  // The app's own top bar is not drawn twice.
  await expect(page.getByRole('banner')).toHaveCount(1);
  await saveScreen(page, testInfo, 'home-in-validation');
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Notificaciones' }).click();
  const notificationList = page.getByRole('dialog', { name: 'Notificaciones' });
  await expect(notificationList.getByText('No hay notificaciones por los momentos.')).toBeVisible();
  await saveScreen(page, testInfo, 'home-notifications-empty');
  await expectNoAxeViolations(page);
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Acerca de' }).click();
  const about = page.getByRole('dialog', { name: 'Acerca de' });
  await expect(about.getByText('Contiene datos de GeoNames (geonames.org), CC BY 4.0')).toBeVisible();
  await expect(
    about.getByText(
      'Datos de Countries States Cities Database, github.com/dr5hn/countries-states-cities-database, ODbL v1.0',
    ),
  ).toBeVisible();
  await saveScreen(page, testInfo, 'home-about');
  await expectNoAxeViolations(page);
});

test('a borrower approved by the staff, in Tegucigalpa, sees Aplicar enabled and goes on (references complete)', async ({
  page,
  context,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  await openHome(page, context, request, 'approved', TEGUCIGALPA);
  await expect(page.getByText(/^Tegucigalpa/)).toBeVisible();
  await expect(applyTile(page)).toBeEnabled();
  await expect(page.getByText(LOCATION_NOT_ALLOWED)).toHaveCount(0);
  await expect(page.getByText('Validación de tu perfil')).toHaveCount(0);
  await saveScreen(page, testInfo, 'home-approved');
  await expectNoAxeViolations(page);
  // Both references were given before review: no references modal.
  await applyTile(page).click();
  await expect(page).toHaveURL(/#\/aplicar$/i);
  await expect(page.getByRole('dialog', { name: 'Completa tus referencias' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Solicitar préstamo', level: 1 })).toBeVisible();
});

test('a borrower approved by the staff, in Juticalpa, sees Aplicar disabled with the SPEC message', async ({
  page,
  context,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  await openHome(page, context, request, 'approved', JUTICALPA);
  await expect(page.getByText('Lo sentimos, esta opción no está disponible en Juticalpa')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: LOCATION_NOT_ALLOWED })).toBeVisible();
  await expect(applyTile(page)).toBeDisabled();
  await saveScreen(page, testInfo, 'home-city-not-allowed');
  await expectNoAxeViolations(page);
});

test('with the location refused an approved borrower reads the denial message naming the product, with Ver más', async ({
  page,
  context,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  await openHome(page, context, request, 'approved', 'denied');
  const brand = await brandName(page);
  await expect(
    page.getByRole('alert').filter({
      hasText: `Para continuar con el proceso de solicitud de préstamo en ${brand} App, es necesario que el navegador acceda a tu ubicación en tu celular.`,
    }),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Ver más' })).toBeVisible();
  await expect(applyTile(page)).toBeDisabled();
  await expect(page.getByRole('status').filter({ hasText: LOCATION_NOT_ALLOWED })).toBeVisible();
  await saveScreen(page, testInfo, 'home-location-denied');
  await expectNoAxeViolations(page);
});

test('on 17 April (Holy Week, browser clock) Aplicar is closed, even for an approved borrower in Tegucigalpa', async ({
  page,
  context,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  await page.clock.setFixedTime(new Date('2026-04-17T10:00:00-06:00'));
  await openHome(page, context, request, 'approved', TEGUCIGALPA);
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: /Por Semana Santa no recibimos solicitudes del 16 al 19 de abril/ }),
  ).toBeVisible();
  await expect(applyTile(page)).toBeDisabled();
  await saveScreen(page, testInfo, 'home-holy-week');
  await expectNoAxeViolations(page);
});

test('returned by the staff with code 2, seen the next day (browser clock), shows the mapped error and its help', async ({
  page,
  context,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  await borrowerIn(request, 'returned');
  // The return set `modified` to today on the server: the app sees it as yesterday's review.
  await page.clock.setFixedTime(new Date(todayInHondurasAt('10:00').getTime() + 86_400_000));
  await openHome(page, context, request, 'returned', TEGUCIGALPA);
  await expect(
    page.getByText(
      /Tu recibo de servicio público no es válido\. Sube un recibo de luz, agua, teléfono o cable de los últimos \d+ meses/,
    ),
  ).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: PROFILE_IN_VALIDATION })).toBeVisible();
  await expect(applyTile(page)).toBeDisabled();
  await saveScreen(page, testInfo, 'home-review-error');
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Ver ayuda' }).click();
  await expect(page.getByRole('dialog', { name: 'Ayuda' })).toContainText('recibo reciente de luz, agua');
  await expectNoAxeViolations(page);
});

test(`${NOTIFICATIONS} real notifications (returns and an approval by the staff) show 99+ and are all listed, newest first, which marks them read; deleting the latest leaves the one before first`, async ({
  page,
  context,
  request,
}, testInfo) => {
  test.setTimeout(240_000);
  const person = PEOPLE[testInfo.project.name as 'phone' | 'desktop'].notified;
  const { sid } = await borrowerIn(request, 'notified');
  expect((await legacyCall(request, 'getNotificationNum', { sid })).NotNum).toBe(NOTIFICATIONS);
  // Each decision also went out by SMS; the newest is the approval.
  const [sms] = await readOutbox(request, person.UsrTel);
  expect(sms!.body).toContain('¡Tu perfil fue aprobado! Ya puedes solicitar tu préstamo.');
  await openHome(page, context, request, 'notified', TEGUCIGALPA);

  const bell = page.getByRole('button', { name: 'Notificaciones: 99+' });
  await expect(bell).toContainText('99+');
  await saveScreen(page, testInfo, 'home-badge-99');
  await bell.click();
  // Every notification, newest first (issue 35: the SPEC's popover showed only the latest).
  const dialog = page.getByRole('dialog', { name: 'Notificaciones' });
  const items = dialog.getByRole('listitem');
  await expect(items).toHaveCount(NOTIFICATIONS);
  await expect(items.first().getByText('¡Tu perfil fue aprobado!')).toBeVisible();
  await expect(items.first().getByText('Ya puedes solicitar tu préstamo.')).toBeVisible();
  await expect(items.nth(1).getByText('Revisa tu perfil')).toBeVisible();
  await expect(items.nth(1).getByText(LAST_RETURN_TEXT)).toBeVisible();
  await saveScreen(page, testInfo, 'home-notification-list');
  await expectNoAxeViolations(page);
  await items.first().getByRole('button', { name: 'Eliminar notificación' }).click();
  await expect(items).toHaveCount(NOTIFICATIONS - 1);
  await expect(items.first().getByText(LAST_RETURN_TEXT)).toBeVisible();
  await expect(dialog.getByText('¡Tu perfil fue aprobado!')).toHaveCount(0);
  // Deleted on the server; opening the list marked the rest read (issue 35: the badge counts unread
  // ones only), so the bell shows no count once the list is closed.
  const list = (await legacyCall(request, 'getNotification', { sid })) as unknown as {
    NotTit: string;
    NotLei: number;
  }[];
  expect(list).toHaveLength(NOTIFICATIONS - 1);
  expect(list[0]!.NotTit).toBe('Revisa tu perfil');
  expect(list.every((item) => item.NotLei === 1)).toBe(true);
  expect((await legacyCall(request, 'getNotificationNum', { sid })).NotNum).toBe(0);
  await dialog.getByRole('button', { name: 'Cerrar' }).click();
  await expect(page.getByRole('button', { name: 'Notificaciones', exact: true })).toBeVisible();
});

test('the references modal saves both references and thanks (status set to 1 in the browser: an approved profile always has them)', async ({
  page,
  context,
  request,
}, testInfo) => {
  // A profile approved through the app has both references (they are needed to send it for review);
  // one approved without them (older data) may save exactly the eight reference fields, which the
  // API suite checks (profile-review-edits.test.ts): no such profile can be made through the API, so
  // the modal is shown to the borrower in validation, whose profile has none yet, with only the
  // status changed in the browser. The save below is real.
  await overrideProfile(page, { status: '1' });
  await openHome(page, context, request, 'inValidation', TEGUCIGALPA);
  await expect(applyTile(page)).toBeEnabled();
  await applyTile(page).click();
  const dialog = page.getByRole('dialog', { name: 'Completa tus referencias' });
  await expect(dialog).toBeVisible();
  const save = dialog.getByRole('button', { name: 'Guardar' });
  await expect(save).toBeDisabled();

  await dialog.getByRole('combobox', { name: /Tipo de referencia personal/ }).click();
  await page.getByRole('option', { name: 'Vecino o vecina' }).click();
  await dialog.getByLabel(/Nombre de la referencia personal/).fill('maría lópez 1');
  await expect(dialog.getByLabel(/Nombre de la referencia personal/)).toHaveValue('MARÍA LÓPEZ ');
  await dialog.getByLabel(/Teléfono de la referencia personal/).fill('99887766');
  await dialog.getByLabel(/Correo de la referencia personal/).fill('Maria@Correo.hn');
  await dialog.getByRole('combobox', { name: /Tipo de referencia laboral/ }).click();
  await page.getByRole('option', { name: 'Jefe o jefa' }).click();
  await dialog.getByLabel(/Nombre de la referencia laboral/).fill('Juan Pérez');
  await dialog.getByLabel(/Teléfono de la referencia laboral/).fill('9988-7766');
  await dialog.getByLabel(/Correo de la referencia laboral/).fill('maria@correo.hn');

  await expect(dialog.getByText('El teléfono personal no puede ser igual al laboral.')).toBeVisible();
  await expect(dialog.getByText('El teléfono laboral no puede ser igual al personal.')).toBeVisible();
  await expect(dialog.getByText('El correo laboral no puede ser igual al personal.')).toBeVisible();
  await expect(save).toBeDisabled();
  await saveScreen(page, testInfo, 'home-references-errors');
  await expectNoAxeViolations(page);

  await dialog.getByLabel(/Teléfono de la referencia laboral/).fill('33445566');
  await dialog.getByLabel(/Correo de la referencia laboral/).fill('jefe@empresa.hn');
  await expect(dialog.getByText('El teléfono personal no puede ser igual al laboral.')).toHaveCount(0);
  await expect(dialog.getByText('El correo personal no puede ser igual al laboral.')).toHaveCount(0);
  await expect(save).toBeEnabled();
  await save.click();

  const thanks = page.getByRole('dialog', { name: '¡Gracias!' });
  await expect(thanks).toBeVisible();
  await saveScreen(page, testInfo, 'home-references-thanks');
  await expectNoAxeViolations(page);

  // Saved on the server: the real profile now has both references.
  const { sid } = await borrowerIn(request, 'inValidation');
  const { data } = (await legacyCall(request, 'getProfile', { sid })) as {
    data: Record<string, string>;
  };
  expect(data).toMatchObject({
    ref_tipo_per: 'vecino',
    ref_nom_per: 'MARÍA LÓPEZ',
    ref_tel_per: '99887766',
    ref_correo_per: 'maria@correo.hn',
    ref_tipo_lab: 'jefe',
    ref_nom_lab: 'JUAN PÉREZ',
    ref_tel_lab: '33445566',
    ref_correo_lab: 'jefe@empresa.hn',
  });

  await thanks.getByRole('button', { name: 'Continuar con mi solicitud' }).click();
  await expect(page).toHaveURL(/#\/Aplicar$/);
  // The legacy capitalised path, after the reload, is the loan application screen (loaded, so that
  // no intercepted profile read is still on its way when the test ends).
  await expect(page.getByRole('heading', { name: 'Solicitar préstamo', level: 1 })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Productos' })).toBeVisible();
});
