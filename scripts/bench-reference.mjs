// The reference `npm run bench` compares getNotificationNum.php with: a minimal Fastify server doing the
// same work with nothing around it (no contract, no validation library, no ORM), started by bench.mjs
// in its own process. POST /getNotificationNum.php {sid}: the sid's SHA-256 looked up on the unique
// index of open sessions (expiry, idle time and state checked as the app does), then the count of the
// borrower's unread notifications that are not deleted on the partial index notifications_borrower_unread_idx:
// two indexed queries, as named prepared statements on PostgreSQL (pg, DATABASE_URL) or on PGlite
// (DATA_DIR/pglite, a database of its own: PGlite is one process's). Listens on PORT.
import { createHash } from 'node:crypto';
import path from 'node:path';
import Fastify from 'fastify';

const IDLE_MS = 60 * 60_000;
const SESSION_SQL =
  'select id, borrower_id, state, last_seen_at, expires_at from sessions where token_hash = $1 and ended_at is null limit 1';
const COUNT_SQL =
  'select count(*)::int as n from notifications where borrower_id = $1 and deleted_at is null and read_at is null';

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
app.post('/getNotificationNum.php', async (request) => {
  const sid = request.body?.sid;
  if (typeof sid !== 'string' || !/^[A-Za-z0-9_-]{43}$/.test(sid)) return { status: 'ERS', payload: {} };
  const tokenHash = createHash('sha256').update(sid).digest('hex');
  const [session] = await db.query('ref_session', SESSION_SQL, [tokenHash]);
  const now = Date.now();
  if (
    !session ||
    session.state !== 'active' ||
    now >= new Date(session.expires_at).getTime() ||
    now >= new Date(session.last_seen_at).getTime() + IDLE_MS
  ) {
    return { status: 'ERS', payload: {} };
  }
  const [{ n }] = await db.query('ref_count', COUNT_SQL, [session.borrower_id]);
  return { status: 'OK', payload: { NotNum: n } };
});
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, async () => {
    await app.close();
    await db.close();
    process.exit(0);
  });
}
