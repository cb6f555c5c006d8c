// Run by `npm run bench` before the server starts: prepares the server's own database (DATA_DIR, or
// DATABASE_URL) with one borrower, an active session and 120 notifications among 10,000 of other
// borrowers, and prints `{"sid": "…"}` so the benchmark can make session calls as that borrower.
import { systemClock } from '../src/clock.ts';
import { loadConfig } from '../src/config.ts';
import { migrateDatabase, openDatabase } from '../src/db/client.ts';
import { borrowers, notifications } from '../src/db/schema/index.ts';
import { seedReferenceData } from '../src/db/seed.ts';
import { createSession } from '../src/services/sessions.ts';

const NOTIFICATIONS = 120;
const OTHER_BORROWERS = 100;
const EACH_OTHERS_NOTIFICATIONS = 100;

const config = loadConfig(process.env);
const database = await openDatabase(config);
try {
  await migrateDatabase(database);
  await seedReferenceData(database.db);
  const { db } = database;
  const [borrower] = await db
    .insert(borrowers)
    .values({
      personCode: '0801199099999',
      email: 'bench@example.com',
      mobPhone: '99999999',
      firstName: 'BENCH',
      firstSurname: 'PRUEBA',
      gender: 'F',
      birthday: '1990-01-01',
      passwordHash: 'not-a-real-hash',
    })
    .returning({ id: borrowers.id });
  const borrowerId = borrower!.id;
  const now = Date.now();
  const others = await db
    .insert(borrowers)
    .values(
      Array.from({ length: OTHER_BORROWERS }, (_, i) => ({
        personCode: `08011990${String(i).padStart(5, '0')}`,
        email: `bench${i}@example.com`,
        mobPhone: `3${String(i).padStart(7, '0')}`,
        firstName: 'OTRA',
        firstSurname: 'PERSONA',
        gender: 'M',
        birthday: '1990-01-01',
        passwordHash: 'not-a-real-hash',
      })),
    )
    .returning({ id: borrowers.id });
  for (const other of others) {
    await db.insert(notifications).values(
      Array.from({ length: EACH_OTHERS_NOTIFICATIONS }, (_, i) => ({
        borrowerId: other.id,
        title: `Aviso ${i + 1}`,
        body: 'Texto de prueba',
        createdAt: new Date(now - i * 60_000),
        deletedAt: i % 4 === 0 ? new Date(now) : null,
      })),
    );
  }
  await db.insert(notifications).values(
    Array.from({ length: NOTIFICATIONS }, (_, i) => ({
      borrowerId,
      title: `Aviso ${i + 1}`,
      body: 'Texto de prueba',
      createdAt: new Date(now - (NOTIFICATIONS - i) * 60_000),
    })),
  );
  const { sid } = await createSession({ db, clock: systemClock, config }, { borrowerId, state: 'active' });
  process.stdout.write(`${JSON.stringify({ sid })}\n`);
} finally {
  await database.close();
}
