import { toWireInstalment } from '@prestamos-hn/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { instalments, notifications } from '../src/db/schema/index.ts';
import { getRepaymentSchedule } from '../src/services/loans/borrower-loans.ts';
import { notifyBorrower } from '../src/services/notifications.ts';
import { sessionFor } from './support/borrowers.ts';
import { borrowerWithDisbursedLoan, paymentStaff, sessionNow } from './support/payments.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

/**
 * getNotification.php and getBorrowerRepaymentSchedule.php answer JSON text the database wrote
 * (JsonText, row_to_json): these hold it byte for byte to JSON.stringify of the same rows read the
 * ordinary way and mapped to the wire, with the text and the amounts where the two could part.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const envelope = (payload: unknown) => JSON.stringify({ status: 'OK', payload });

describe('answers written by the database', () => {
  it('the notification list is the bytes JSON.stringify writes for the wire list', async () => {
    const { sid, borrowerId } = await sessionFor(t.deps);
    const texts = [
      ['Comillas "dobles" y \\barra\\', 'Línea uno\nlínea dos\ttabulada\r'],
      ['Control \u0001\u001f y \u007f', 'Acentos: áéíóú ñ Ñ ü ¿¡ — €'],
      ['Emoji 💸🇭🇳', '</script><b>&amp;</b> \u2028 \u2029'],
      ['', ' '],
    ];
    for (const [title, body] of texts) {
      t.clock.advance(1_234);
      await notifyBorrower(t.deps, t.deps.db, { borrowerId, title: title!, body: body! });
    }
    // One read, one deleted: the list says NotLei 1 for the first and leaves out the second.
    const rows = await t.deps.db.select().from(notifications).where(eq(notifications.borrowerId, borrowerId));
    await t.deps.db
      .update(notifications)
      .set({ readAt: t.clock.now() })
      .where(eq(notifications.id, rows[0]!.id));
    await t.deps.db
      .update(notifications)
      .set({ deletedAt: t.clock.now() })
      .where(eq(notifications.id, rows[3]!.id));

    const answer = await t.callText('getNotification.php', { sid });
    const kept = (
      await t.deps.db.select().from(notifications).where(eq(notifications.borrowerId, borrowerId))
    )
      .filter((n) => n.deletedAt === null)
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id);
    expect(kept).toHaveLength(3);
    expect(answer.contentType).toBe('application/json; charset=utf-8');
    expect(answer.text).toBe(
      envelope(
        kept.map((n) => ({
          NotCod: n.id,
          NotTit: n.title,
          NotDsc: n.body,
          NotFch: n.createdAt.toISOString(),
          NotLei: n.readAt === null ? 0 : 1,
        })),
      ),
    );

    const empty = await t.callText('getNotification.php', { sid: (await sessionFor(t.deps)).sid });
    expect(empty.text).toBe(envelope([]));
  });

  it("the schedule is the bytes JSON.stringify writes for toWireInstalment's list", async () => {
    const staff = await paymentStaff(t);
    const { loanId, borrowerId, instalmentIds } = await borrowerWithDisbursedLoan(t, staff);
    // Amounts whose lempiras are not exact in binary, and the largest a centavo count may be (each
    // covered part within its due).
    const amounts = [
      [10, 1, 99, 0, 33_333, 7, 1_001, 1_001, 2 ** 53 - 1, 100_000_001],
      [123_456_789, 1_010, 1_999, 1_999, 41_721, 12_345, 3, 0, 300, 30],
      [0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
    ];
    for (const [index, id] of instalmentIds.entries()) {
      const [a, b, c, d, e, f, g, h, i, j] = amounts[index]!;
      await t.deps.db
        .update(instalments)
        .set({
          chargeCents: a!,
          chargeCoveredCents: b!,
          administratorFeeCents: c!,
          administratorFeeCoveredCents: d!,
          amountCents: e!,
          amountCoveredCents: f!,
          lateFeeCents: g!,
          lateFeeCoveredCents: h!,
          penaltyFeeCents: i!,
          penaltyCoveredCents: j!,
          status: index,
        })
        .where(and(eq(instalments.id, id), eq(instalments.loanId, loanId)));
    }
    const sid = await sessionNow(t, borrowerId);
    const answer = await t.callText('getBorrowerRepaymentSchedule.php', { sid, ContainerId: loanId });
    const expected = (await getRepaymentSchedule(t.deps, borrowerId, loanId)).map(toWireInstalment);
    expect(expected).toHaveLength(3);
    expect(answer.contentType).toBe('application/json; charset=utf-8');
    expect(answer.text).toBe(envelope(expected));
    // The id as its digits is read the ordinary way, to the same answer.
    expect(
      (await t.callText('getBorrowerRepaymentSchedule.php', { sid, ContainerId: ` ${loanId} ` })).text,
    ).toBe(envelope(expected));
  });
});
