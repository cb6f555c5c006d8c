import { addDays, ARREARS_BUCKETS, LOAN_STATUS, todayInTegucigalpa } from '@prestamos-hn/domain';
import { sql } from 'drizzle-orm';
import type { Deps } from '../deps.ts';
import { rowsOf } from '../../db/client.ts';
import { sqlInt, sqlList } from '../../db/sql-literals.ts';
import { writeExportAudit } from '../audit.ts';
import { csvFile, type CsvCell } from '../shared/csv.ts';
import type { StaffMember } from '../shared/staff-member.ts';

/** The loans whose principal is outstanding: paying, late and the collections stages. */
export const OUTSTANDING_LOAN_STATUSES = [
  LOAN_STATUS.paying,
  LOAN_STATUS.late,
  LOAN_STATUS.bailiff,
  LOAN_STATUS.court,
  LOAN_STATUS.preTrial,
] as const;

/** How many weeks the dashboard's series cover (the current one last). */
export const PORTFOLIO_WEEKS = 12;

/** Loans more than this many days late are "at risk" for PAR30. */
const PAR_DAYS = 30;

/** The Monday (ISO week start) of a date. */
function mondayOf(date: string): string {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay(); // 0 Sunday ... 6 Saturday
  return addDays(date, -((weekday + 6) % 7));
}

/** atRisk ÷ outstanding in basis points, rounded half up, in integers (no float on money). */
export function basisPoints(part: number, whole: number): number {
  if (whole <= 0) return 0;
  return Number((BigInt(part) * 20_000n + BigInt(whole)) / (BigInt(whole) * 2n));
}

/**
 * The portfolio ('Cartera') on today's Tegucigalpa date, from set-based SQL: the outstanding
 * principal (uncovered `amount` of the instalments of loans in 3, 8, 9, 10, 11); disbursed (loans,
 * amount, by disbursement date) and collected (wallet debits applied, by business date) per week over
 * the last 12 weeks; the arrears buckets by days past due of each loan's oldest uncovered past-due
 * instalment (loans and outstanding principal); PAR30, the share of the outstanding principal in
 * loans more than 30 days late.
 */
export async function getPortfolio(deps: Pick<Deps, 'db' | 'clock'>) {
  const asOf = todayInTegucigalpa(deps.clock.now());
  const lastMonday = mondayOf(asOf);
  const firstMonday = addDays(lastMonday, -7 * (PORTFOLIO_WEEKS - 1));
  const outstanding = sqlList(OUTSTANDING_LOAN_STATUSES);

  const weekRows = rowsOf<{
    week_start: string;
    disbursed_loans: number | string;
    disbursed_cents: number | string;
    collected_cents: number | string;
  }>(
    await deps.db.execute(sql`
      with weeks as (
        select (${firstMonday}::date + 7 * n) as week_start
        from generate_series(0, ${PORTFOLIO_WEEKS - 1}::int) as n
      ),
      disbursed as (
        select date_trunc('week', l.disbursed_on)::date as week_start, count(*) as loans,
          sum(l.amount_cents) as cents
        from loans l
        where l.disbursed_on >= ${firstMonday}::date and l.disbursed_on <= ${asOf}::date
        group by 1
      ),
      collected as (
        select date_trunc('week', e.business_date)::date as week_start, -sum(e.amount_cents) as cents
        from wallet_entries e
        where e.kind = 'debit' and e.business_date >= ${firstMonday}::date and e.business_date <= ${asOf}::date
        group by 1
      )
      select w.week_start::text as week_start, coalesce(d.loans, 0) as disbursed_loans,
        coalesce(d.cents, 0) as disbursed_cents, coalesce(c.cents, 0) as collected_cents
      from weeks w
      left join disbursed d on d.week_start = w.week_start
      left join collected c on c.week_start = w.week_start
      order by w.week_start
    `),
  );

  const loanRows = rowsOf<{ bucket: string | null; loans: number | string; principal: number | string }>(
    await deps.db.execute(sql`
      with per_loan as (
        select i.loan_id,
          sum(i.amount_cents - i.amount_covered_cents) as principal,
          min(i.due_date) filter (
            where i.due_date < ${asOf}::date
              and (i.late_fee_cents - i.late_fee_covered_cents + i.charge_cents - i.charge_covered_cents
                + i.administrator_fee_cents - i.administrator_fee_covered_cents
                + i.amount_cents - i.amount_covered_cents) > 0
          ) as oldest_due
        from instalments i
        join loans l on l.id = i.loan_id and l.status in (${outstanding})
        where i.voided_at is null
        group by i.loan_id
      ),
      aged as (
        select principal, coalesce(${asOf}::date - oldest_due, 0) as days_late from per_loan
      )
      select case
          when days_late = 0 then null
          ${sql.join(
            ARREARS_BUCKETS.map((b) =>
              Number.isFinite(b.to)
                ? sql`when days_late <= ${sqlInt(b.to)} then ${b.id}::text`
                : sql`else ${b.id}::text`,
            ),
            sql` `,
          )}
        end as bucket,
        count(*) as loans, coalesce(sum(principal), 0) as principal
      from aged
      group by 1
    `),
  );

  const byBucket = new Map(loanRows.map((r) => [r.bucket, r]));
  const buckets = ARREARS_BUCKETS.map((b) => ({
    id: b.id,
    label: b.label,
    loans: Number(byBucket.get(b.id)?.loans ?? 0),
    outstandingPrincipalCents: Number(byBucket.get(b.id)?.principal ?? 0),
  }));
  const outstandingPrincipalCents = loanRows.reduce((sum, r) => sum + Number(r.principal), 0);
  const outstandingLoans = loanRows.reduce((sum, r) => sum + Number(r.loans), 0);
  const atRiskCents = buckets
    .filter((b) => ARREARS_BUCKETS.find((x) => x.id === b.id)!.from > PAR_DAYS)
    .reduce((sum, b) => sum + b.outstandingPrincipalCents, 0);

  return {
    asOf,
    outstandingPrincipalCents,
    outstandingLoans,
    weeks: weekRows.map((w) => ({
      weekStart: w.week_start,
      disbursedLoans: Number(w.disbursed_loans),
      disbursedCents: Number(w.disbursed_cents),
      collectedCents: Number(w.collected_cents),
    })),
    buckets,
    par30: {
      atRiskCents,
      basisPoints: basisPoints(atRiskCents, outstandingPrincipalCents),
      ratio: `${atRiskCents}/${outstandingPrincipalCents}`,
    },
  };
}

/** Disbursed and collected per week as CSV ('cartera-semanas-YYYY-MM-DD.csv'); the export is audited. */
export async function exportPortfolioWeeks(deps: Pick<Deps, 'db' | 'clock'>, staff: StaffMember) {
  const p = await getPortfolio(deps);
  const rows = p.weeks.map((w): CsvCell[] => [
    w.weekStart,
    w.disbursedLoans,
    { cents: w.disbursedCents },
    { cents: w.collectedCents },
  ]);
  await writeExportAudit(deps, staff, 'portfolio', {
    part: 'weeks',
    filters: { asOf: p.asOf },
    rows: rows.length,
  });
  return csvFile(
    `cartera-semanas-${p.asOf}.csv`,
    ['Semana (lunes)', 'Préstamos desembolsados', 'Desembolsado (L)', 'Cobrado (L)'],
    rows,
  );
}

/** The arrears buckets, the total and PAR30 as CSV ('cartera-atraso-YYYY-MM-DD.csv'); the export is audited. */
export async function exportPortfolioBuckets(deps: Pick<Deps, 'db' | 'clock'>, staff: StaffMember) {
  const p = await getPortfolio(deps);
  const par30 = `${(p.par30.basisPoints / 100).toFixed(2)} %`;
  const rows: CsvCell[][] = [
    ...p.buckets.map((b) => [b.label, b.loans, { cents: b.outstandingPrincipalCents }]),
    ['Cartera total', p.outstandingLoans, { cents: p.outstandingPrincipalCents }],
    [`PAR30 (${par30})`, null, { cents: p.par30.atRiskCents }],
  ];
  await writeExportAudit(deps, staff, 'portfolio', {
    part: 'buckets',
    filters: { asOf: p.asOf },
    rows: rows.length,
  });
  return csvFile(
    `cartera-atraso-${p.asOf}.csv`,
    ['Tramo de atraso', 'Préstamos', 'Capital pendiente (L)'],
    rows,
  );
}
