import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { FIRST_SCREEN_PATH } from '@prestamos-hn/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { borrowerReadyToApply } from './support/loans.ts';
import { borrowerWithDisbursedLoan, paymentStaff } from './support/payments.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

// Decision 024: a page with a session asks for its logged-in screen, rendered by the borrower app's
// own server build with the borrower's answers, through this server's legacy API in-process.
const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
/** The version the build is made as (apps/borrower/vite.config.ts): the repository's. */
const version = (JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { version: string })
  .version;
// Inside the app's folder, so the build's imports (react, MUI, the app's own packages) resolve as
// they do from apps/borrower/dist-server.
const outDir = path.join(
  repoRoot,
  'apps/borrower/node_modules/.cache/first-screen-test',
  String(process.pid),
);

interface FirstScreen {
  markup: string;
  styles: { key: string; ids: string[]; css: string }[];
  state: { queries: { queryKey: unknown[]; state: { data: unknown; status: string } }[] };
  now: number;
}

describe('POST /api/first-screen (the server-rendered logged-in screen)', () => {
  let t: TestApp;
  let payer: Awaited<ReturnType<typeof borrowerWithDisbursedLoan>>;
  let applicant: Awaited<ReturnType<typeof borrowerReadyToApply>>;

  beforeAll(async () => {
    // The server build of the app, as `npm run build` makes it (apps/borrower/vite.config.ts).
    const { build } = await import('vite');
    // As `npm run build` runs it (vitest's NODE_ENV would make Vite compile the JSX for development).
    const nodeEnv = process.env.NODE_ENV;
    process.env.NODE_ENV = 'production';
    try {
      await build({
        root: path.join(repoRoot, 'apps/borrower'),
        configFile: path.join(repoRoot, 'apps/borrower/vite.config.ts'),
        mode: 'production',
        logLevel: 'error',
        build: { ssr: 'src/app/server-render.tsx', outDir, emptyOutDir: true, sourcemap: false },
      });
    } finally {
      process.env.NODE_ENV = nodeEnv;
    }
    t = await createTestApp({
      env: { BORROWER_SERVER_RENDER: path.join(outDir, 'server-render.js'), BRAND_NAME: 'Lempiras Ya' },
    });
    payer = await borrowerWithDisbursedLoan(t, await paymentStaff(t));
    applicant = await borrowerReadyToApply(t);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    rmSync(outDir, { recursive: true, force: true });
  });

  /** The page's request, of the render's own version unless it says another. */
  const ask = (body: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: FIRST_SCREEN_PATH, payload: { version, ...body } });

  it("renders /plan with the borrower's own loan, the rules it uses and the answers it was made from", async () => {
    const now = t.clock.now().getTime();
    const answer = await ask({ sid: payer.sid, address: '/plan', now });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    const screen = answer.json<FirstScreen>();

    expect(screen.now).toBe(now);
    expect(screen.markup).toContain('Plan de pagos');
    expect(screen.markup).toContain('Lempiras Ya');
    expect(screen.markup).toContain('Pagos 0 / 3');
    // Its three instalments, L 417.21 each (support/payments.ts).
    expect(screen.markup.match(/L 417\.21/g)?.length).toBeGreaterThanOrEqual(3);
    // No inline style attribute (the page's policy would refuse it) and nothing left to the browser.
    expect(screen.markup).not.toMatch(/ style="/);
    expect(screen.markup).not.toContain('<!--$!-->');
    // Every class the markup names has its rule in the answer.
    const ids = new Set(screen.styles.flatMap((chunk) => chunk.ids));
    for (const [, id] of screen.markup.matchAll(/\bcss-([a-zA-Z0-9-]+)/g)) expect(ids).toContain(id);
    expect(screen.styles.some((chunk) => chunk.key === 'css-global')).toBe(true);
    // The answers, for the app's first render in the page.
    const loans = screen.state.queries.find((query) => query.queryKey[0] === 'loans');
    expect(loans?.state.status).toBe('success');
    expect(JSON.stringify(loans?.state.data)).toContain(`"container_id":${payer.loanId}`);
    expect(screen.state.queries.map((query) => query.queryKey[0])).toEqual(
      expect.arrayContaining(['schedule', 'wallet', 'payoff', 'collection-accounts', 'loan-payments']),
    );
  });

  it('renders /historial, /perfil and /aplicar, leaving the phone’s position to the browser', async () => {
    const now = t.clock.now().getTime();
    const history = await ask({ sid: payer.sid, address: '/historial', now });
    expect(history.statusCode).toBe(200);
    expect(history.json<FirstScreen>().markup).toContain('Historial');

    const profile = await ask({ sid: applicant.sid, address: '/perfil', now });
    expect(profile.statusCode).toBe(200);
    expect(profile.json<FirstScreen>().markup).toContain('Número de cliente');

    const application = await ask({ sid: applicant.sid, address: '/aplicar', now });
    expect(application.statusCode).toBe(200);
    const { state } = application.json<FirstScreen>();
    expect(state.queries.map((query) => query.queryKey[0])).not.toContain('location');
  });

  it("renders Inicio at '/' and '/main' as it is once the splash is over, with the next instalment", async () => {
    const now = t.clock.now().getTime();
    const home = await ask({ sid: payer.sid, address: '/', now });
    expect(home.statusCode).toBe(200);
    const screen = home.json<FirstScreen>();
    expect(screen.markup).toContain('>Inicio</h1>');
    expect(screen.markup).toContain('Lempiras Ya');
    expect(screen.markup).toContain('L 417.21');
    // Not the splash: that one the page shows itself, for its 2 seconds.
    expect(screen.markup).not.toContain('Cargando la aplicación');
    expect(screen.markup).not.toContain('<!--$!-->');
    const ids = new Set(screen.styles.flatMap((chunk) => chunk.ids));
    for (const [, id] of screen.markup.matchAll(/\bcss-([a-zA-Z0-9-]+)/g)) expect(ids).toContain(id);
    const keys = screen.state.queries.map((query) => query.queryKey[0]);
    expect(keys).toEqual(expect.arrayContaining(['profile', 'loans', 'schedule']));
    expect(keys).not.toContain('location');

    const main = await ask({ sid: applicant.sid, address: '/main', now });
    expect(main.statusCode).toBe(200);
    expect(main.json<FirstScreen>().markup).toContain('>Inicio</h1>');
    expect(main.json<FirstScreen>().markup).not.toContain('L 417.21');
  });

  it("shows nothing of another borrower's loan: the calls carry the page's session and its checks", async () => {
    const answer = await ask({
      sid: applicant.sid,
      address: `/plan/${payer.loanId}`,
      now: t.clock.now().getTime(),
    });
    expect(answer.statusCode).toBe(200);
    const screen = answer.json<FirstScreen>();
    expect(screen.markup).not.toContain('L 417.21');
    expect(JSON.stringify(screen.state)).not.toContain(`"container_id":${payer.loanId}`);
  });

  it('answers 204 for an ended or unknown session and an address it does not render', async () => {
    const now = t.clock.now().getTime();
    for (const body of [
      { sid: 'no-es-una-sesion', address: '/plan', now },
      { sid: payer.sid, address: '/login', now },
      { sid: payer.sid, address: '/chat', now },
      { sid: payer.sid, address: '/plan?x=1', now },
      // A page of another version (a deploy the server has not restarted for) would not hydrate it.
      { sid: payer.sid, address: '/plan', now, version: '0.0.1' },
    ]) {
      const answer = await ask(body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(204);
      expect(answer.headers['cache-control']).toBe('no-store');
      expect(answer.body).toBe('');
    }
  });

  it('refuses a body that is not one, in Spanish', async () => {
    for (const body of [
      { version: undefined },
      { sid: payer.sid, address: '/plan' },
      { sid: '', address: '/plan', now: 1 },
      { sid: payer.sid, address: '/plan', now: 1, version: '' },
    ]) {
      const answer = await ask(body);
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toEqual({ message: 'Solicitud no válida.' });
    }
  });

  it('answers 204 when the render was not built', async () => {
    const unbuilt = await createTestApp({ env: { BORROWER_SERVER_RENDER: path.join(outDir, 'missing.js') } });
    try {
      const answer = await unbuilt.app.inject({
        method: 'POST',
        url: FIRST_SCREEN_PATH,
        payload: { sid: 'x', address: '/plan', now: 1, version },
      });
      expect(answer.statusCode).toBe(204);
    } finally {
      await unbuilt.close();
    }
  });
});
