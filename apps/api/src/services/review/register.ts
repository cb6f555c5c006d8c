import {
  PROFILE_REVIEW_STATE_LABELS,
  PROFILE_REVIEW_STATES,
  type ProfileReviewState,
} from '@prestamos-hn/domain';
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import { borrowers, profiles } from '../../db/schema/index.ts';
import type { Deps } from '../deps.ts';
import { fold, fullName, searchWhere } from '../shared/borrower-search.ts';
import { profileStateSql } from './profile-state.ts';

export const REGISTER_SORTS = ['created', 'name', 'sent'] as const;
export type RegisterSort = (typeof REGISTER_SORTS)[number];

export interface RegisterQuery {
  /** Identity number, name, e-mail or phone (part of it). */
  q?: string;
  state?: ProfileReviewState;
  sort: RegisterSort;
  order: 'asc' | 'desc';
  page: number;
  pageSize: number;
}

export interface RegisterItem {
  id: number;
  personCode: string;
  name: string;
  email: string;
  mobPhone: string;
  state: ProfileReviewState;
  stateLabel: string;
  createdAt: string;
  sentForReviewAt: string | null;
}

/** The borrower register: one page, the total, and the counts per state for the same search. */
export async function listBorrowers(deps: Pick<Deps, 'db'>, query: RegisterQuery) {
  const search = searchWhere(query.q);
  const state = profileStateSql;
  const where = and(search, query.state ? sql`(${state}) = ${query.state}` : undefined);
  // Surname then first name, accents folded ('Álvarez' before 'López'); dates with the undated last.
  const direction = query.order === 'asc' ? sql`asc nulls last` : sql`desc nulls last`;
  const orderBy =
    query.sort === 'name'
      ? [
          sql`${fold(sql`${borrowers.firstSurname}`)} ${direction}`,
          sql`${fold(sql`${borrowers.firstName}`)} ${direction}`,
        ]
      : [sql`${query.sort === 'sent' ? profiles.sentForReviewAt : borrowers.createdAt} ${direction}`];

  const rows = await deps.db
    .select({
      id: borrowers.id,
      personCode: borrowers.personCode,
      name: fullName,
      email: borrowers.email,
      mobPhone: borrowers.mobPhone,
      state,
      createdAt: borrowers.createdAt,
      sentForReviewAt: profiles.sentForReviewAt,
    })
    .from(borrowers)
    .leftJoin(profiles, eq(profiles.borrowerId, borrowers.id))
    .where(where)
    .orderBy(...orderBy, query.order === 'asc' ? asc(borrowers.id) : desc(borrowers.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);

  const countRows = await deps.db
    .select({ state, n: count() })
    .from(borrowers)
    .leftJoin(profiles, eq(profiles.borrowerId, borrowers.id))
    .where(search)
    .groupBy(sql`1`);
  const counts = Object.fromEntries(PROFILE_REVIEW_STATES.map((s) => [s, 0])) as Record<
    ProfileReviewState,
    number
  >;
  for (const row of countRows) counts[row.state] = Number(row.n);
  const total = query.state ? counts[query.state] : Object.values(counts).reduce((sum, n) => sum + n, 0);

  const items: RegisterItem[] = rows.map((r) => ({
    id: r.id,
    personCode: r.personCode,
    name: r.name,
    email: r.email,
    mobPhone: r.mobPhone,
    state: r.state,
    stateLabel: PROFILE_REVIEW_STATE_LABELS[r.state],
    createdAt: new Date(r.createdAt).toISOString(),
    sentForReviewAt: r.sentForReviewAt ? new Date(r.sentForReviewAt).toISOString() : null,
  }));
  return { items, total, page: query.page, pageSize: query.pageSize, counts };
}
