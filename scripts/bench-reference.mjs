// The references `npm run bench` compares the API's polled and screen-load calls with: a minimal
// Fastify server doing the same work with nothing around it (no contract, no validation library, no
// ORM, no rate limiter, no hooks), started by bench.mjs in its own process. Each route first looks the
// sid's SHA-256 up on the unique index of open sessions (expiry, idle time and state checked as the app
// does), then makes the same reads as the API's call, one statement each, all as named prepared
// statements on PostgreSQL (pg, DATABASE_URL) or on PGlite (DATA_DIR/pglite, a database of its own:
// PGlite is one process's), and answers the same JSON. Listens on PORT.
//   POST /getNotificationNum.php {sid}: the count of the borrower's unread notifications that are not
//     deleted, on the partial index notifications_borrower_unread_idx (two statements).
//   POST /getNotification.php {sid}: the newest 500 notifications that are not deleted, as the API's
//     JSON aggregate (two statements).
//   POST /getBorrowerRepaymentSchedule.php {sid, ContainerId}: the loan, if it is the borrower's own,
//     then its live instalments in order, amounts in lempiras (three statements).
import { createHash } from 'node:crypto';
import path from 'node:path';
import Fastify from 'fastify';

const IDLE_MS = 60 * 60_000;
const SESSION_SQL =
  'select id, borrower_id, state, last_seen_at, expires_at from sessions where token_hash = $1 and ended_at is null limit 1';
const COUNT_SQL =
  'select count(*)::int as n from notifications where borrower_id = $1 and deleted_at is null and read_at is null';
// The same aggregate as the API's openNotificationList (services/notifications.ts).
const LIST_SQL = `select coalesce(json_agg(json_build_object('id', n.id, 'title', n.title, 'body', n.body, 'createdAt', to_char(n.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'read', n.read_at is not null) order by n.created_at desc, n.id desc), '[]'::json) as list from (select id, title, body, created_at, read_at from notifications where borrower_id = $1 and deleted_at is null order by created_at desc, id desc limit 500) n`;
const LOAN_SQL = 'select id, status from loans where id = $1 and borrower_id = $2 limit 1';
// Every column, as the API's select() reads them; the due date as its text (the API's date mode 'string').
const SCHEDULE_SQL = `select id, loan_id, position, due_date::text as due_date, charge_cents, charge_covered_cents,
  administrator_fee_cents, administrator_fee_covered_cents, amount_cents, amount_covered_cents, late_fee_cents,
  late_fee_covered_cents, penalty_fee_cents, penalty_covered_cents, status, voided_at, created_at, updated_at
  from instalments where loan_id = $1 and voided_at is null order by position`;

async function openQuery() {
  if (process.env.DATABASE_URL) {
    const { default: pg } = await import('pg');
    const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
    return {
      query: async (name, text, values) => (await pool.query({ name, text, values })).rows,
      close: () => pool.end(),
    };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const client = new PGlite(path.join(process.env.DATA_DIR, 'pglite'));
  await client.waitReady;
  return {
    query: async (_name, text, values) => (await client.query(text, values)).rows,
    close: () => client.close(),
  };
}

const db = await openQuery();
const app = Fastify({ logger: false });
const REFUSED = { status: 'ERS', payload: {} };

/** The session's borrower, or undefined when the sid opens no active session. */
async function borrowerOf(body) {
  const sid = body?.sid;
  if (typeof sid !== 'string' || !/^[A-Za-z0-9_-]{43}$/.test(sid)) return undefined;
  const tokenHash = createHash('sha256').update(sid).digest('hex');
  const [session] = await db.query('ref_session', SESSION_SQL, [tokenHash]);
  const now = Date.now();
  if (
    !session ||
    session.state !== 'active' ||
    now >= new Date(session.expires_at).getTime() ||
    now >= new Date(session.last_seen_at).getTime() + IDLE_MS
  ) {
    return undefined;
  }
  return session.borrower_id;
}

app.post('/getNotificationNum.php', async (request) => {
  const borrowerId = await borrowerOf(request.body);
  if (borrowerId === undefined) return REFUSED;
  const [{ n }] = await db.query('ref_count', COUNT_SQL, [borrowerId]);
  return { status: 'OK', payload: { NotNum: n } };
});

app.post('/getNotification.php', async (request) => {
  const borrowerId = await borrowerOf(request.body);
  if (borrowerId === undefined) return REFUSED;
  const [{ list }] = await db.query('ref_list', LIST_SQL, [borrowerId]);
  return {
    status: 'OK',
    payload: list.map((n) => ({
      NotCod: n.id,
      NotTit: n.title,
      NotDsc: n.body,
      NotFch: n.createdAt,
      NotLei: n.read ? 1 : 0,
    })),
  };
});

const lempiras = (cents) => Number(cents) / 100;

app.post('/getBorrowerRepaymentSchedule.php', async (request) => {
  const borrowerId = await borrowerOf(request.body);
  if (borrowerId === undefined) return REFUSED;
  const loanId = Number(request.body.ContainerId);
  const [loan] = Number.isSafeInteger(loanId)
    ? await db.query('ref_loan', LOAN_SQL, [loanId, borrowerId])
    : [];
  if (!loan) return { status: 'ER', payload: { message: 'No encontramos ese préstamo.' } };
  const rows = await db.query('ref_schedule', SCHEDULE_SQL, [loan.id]);
  return {
    status: 'OK',
    payload: rows.map((r) => ({
      id: Number(r.id),
      container_id: r.loan_id,
      schedule_position: r.position,
      schedule_date: r.due_date,
      status: r.status,
      charge: lempiras(r.charge_cents),
      charge_covered: lempiras(r.charge_covered_cents),
      administrator_fee: lempiras(r.administrator_fee_cents),
      administrator_fee_covered: lempiras(r.administrator_fee_covered_cents),
      amount: lempiras(r.amount_cents),
      amount_covered: lempiras(r.amount_covered_cents),
      late_fee: lempiras(r.late_fee_cents),
      late_fee_covered: lempiras(r.late_fee_covered_cents),
      penalty_fee: lempiras(r.penalty_fee_cents),
      penalty_covered: lempiras(r.penalty_covered_cents),
    })),
  };
});
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, async () => {
    await app.close();
    await db.close();
    process.exit(0);
  });
}
