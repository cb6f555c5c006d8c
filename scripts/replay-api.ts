// `npm run replay:api -- --record FILE` | `npm run replay:api -- --check FILE`
//
// The API replay (apps/api/test/replay/replay.ts): the real app in this process on a fresh database
// (in-memory PGlite, or a new database on DATABASE_URL's PostgreSQL server, dropped afterwards) with
// a manual clock that never moves by itself, and a fixed sequence of about 260 requests through
// HTTP (app.inject) covering the borrower's legacy calls (/api/app/*.php: census, registration and
// codes, e-mail validation, log-in, profile, references, documents, review, location, quotes and the
// loan request, the plan, receipts, wallet, notifications, chat), the signed document URLs, the staff
// API (/api/backoffice/*: log-in and codes, staff accounts and a forced password change, catalog
// reads, register, review, loan desk, disbursement, cashier's desk, ledger, chat inbox, collections,
// portfolio, dashboard, audit, CSV exports) and the development outbox, with refusals on purpose
// (401, 403 forbidden/csrf/password change, 404, 409, 400, and the legacy ER, ERS and 404 answers).
// The clock moves between steps (disbursement, a paid instalment, one not paid) and the daily
// servicing run (runMissedDates, what `npm run servicing` runs) makes the late states and fees
// appear in later answers.
//
// --record FILE writes each request's method, URL, what was sent, status, selected headers
// (content-type, cache-control, content-disposition, location, set-cookie) and body (JSON, text,
// or for a file its length and SHA-256) to FILE. --check FILE replays and compares: the first
// differing request with a unified diff of its body and exit 1, or "N answers identical" and exit 0.
//
// Normalized, because random by construction (and nothing else; apps/api/test/replay/normalizer.ts):
// - borrower session ids (`sid` of register.php, login.php, otp_cmp_login.php): 256 random bits;
// - the back-office cookies bo_session and bo_pending: random session tokens;
// - the back-office CSRF token: an HMAC keyed by the random session token;
// - one-time codes (SMS and e-mail, randomInt) and the wrong codes derived from them;
// - the e-mail validation link's token: random;
// - the chat live channel's ticket: random.
// Each becomes `<kind#n>`, numbered by first appearance, so a reference to the same value is still
// checked. Not normalized because they are deterministic here: every time (the manual clock), ids
// (a fresh database), signed document URLs and their signatures (HMACs of the tests' fixed
// FILE_URL_SECRET and the clock's expiry), the photos (fixed bytes). The stored keys of uploaded
// files are random but no answer carries them. One timestamp came from real time: the seed dates the
// shipped contract and promissory note versions with the database's now(), which /templates answers;
// the replay dates them REPLAY_START before it starts (a fixed clock for the seed, not a
// normalization). Recording twice gives the same file byte for byte, on PGlite and PostgreSQL alike,
// whatever the process's TZ.
//
// The committed baseline is apps/api/test/replay/baseline.json, checked by
// apps/api/test/replay.test.ts; re-record it only on purpose:
//   npm run replay:api -- --record apps/api/test/replay/baseline.json

// The command line lives beside the replay (apps/api/test/replay/cli.ts) and is loaded by a computed
// URL: the root project type-checks scripts/ with the DOM library, under which the API's sources do
// not compile; apps/api's own typecheck covers the replay and its command line.
const cli = new URL('../apps/api/test/replay/cli.ts', import.meta.url).href;
const { replayCli } = (await import(cli)) as { replayCli(args: string[]): Promise<number> };

replayCli(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
