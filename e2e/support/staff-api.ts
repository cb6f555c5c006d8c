import { expect, request as playwrightRequest, type APIRequestContext } from '@playwright/test';
import { E2E_BASE_URL } from './e2e-env';
import { countOutbox, nextCode } from './outbox';

// The staff side of a borrower journey, through the committed staff API (/api/backoffice, see
// apps/api/test/backoffice-*.test.ts): the default admin logs in once per spec file and approves or
// returns a profile waiting for review, so the borrower app sees real decisions, notifications and SMS.

/** The first admin the server creates outside production (admins may decide reviews and create staff). */
export const DEFAULT_ADMIN = { email: 'admin@prestamos.local', password: 'Admin123!' };
/**
 * The demo cashier and supervisor the server creates outside production beside the admin (README,
 * "Back-office"): the person who approves a loan may not record its disbursement (issue 31).
 */
export const DEMO_CASHIER = { email: 'cajero@prestamos.local', password: 'Equipo2026!' };
export const DEMO_SUPERVISOR = { email: 'supervisor@prestamos.local', password: 'Equipo2026!' };

/** A logged-in staff member: its own request context (the session cookie) and the CSRF token. */
export interface StaffApi {
  ctx: APIRequestContext;
  csrf: string;
  /** The server it is logged in to. */
  baseURL: string;
}

interface StaffError {
  error?: { code?: string; message?: string };
}

/**
 * Logs the staff member in (password, then the 6-digit code e-mailed, read from the dev outbox) in
 * a dedicated request context. Log in once per file (beforeAll) and reuse it: the code service may
 * refuse a new code for a while ('Espera N segundos…'); then this waits that long and tries again.
 */
export async function staffLogin(baseURL: string, account = DEFAULT_ADMIN): Promise<StaffApi> {
  const ctx = await playwrightRequest.newContext({ baseURL });
  for (let attempt = 0; ; attempt++) {
    const before = await countOutbox(ctx, account.email);
    const login = await ctx.post('/api/backoffice/auth/login', { data: account });
    const answer = (await login.json()) as { step?: string } & StaffError;
    const wait = /Espera (\d+) segundos/.exec(answer.error?.message ?? '');
    if (!login.ok() && wait && attempt === 0) {
      await new Promise((resolve) => setTimeout(resolve, (Number(wait[1]) + 1) * 1000));
      continue;
    }
    expect(login.status(), `staff login: ${JSON.stringify(answer)}`).toBe(200);
    expect(answer.step).toBe('code');
    const code = await nextCode(ctx, account.email, before);
    const confirmed = await ctx.post('/api/backoffice/auth/code', { data: { code } });
    const session = (await confirmed.json()) as { csrfToken?: string } & StaffError;
    expect(confirmed.status(), `staff code: ${JSON.stringify(session)}`).toBe(200);
    return { ctx, csrf: session.csrfToken!, baseURL };
  }
}

/** A borrower: the id itself, the identity number (13 digits) or the e-mail. */
export type BorrowerRef = number | string;

interface QueueItem {
  borrowerId: number;
  personCode: string;
  name: string;
  resubmitted: boolean;
}

async function getJson<T>(staff: StaffApi, url: string): Promise<T> {
  const response = await staff.ctx.get(url);
  expect(response.status(), `${url}: ${await response.text()}`).toBe(200);
  return (await response.json()) as T;
}

/** The profiles waiting for review, oldest first (every page). */
export async function reviewQueue(staff: StaffApi): Promise<QueueItem[]> {
  const items: QueueItem[] = [];
  for (let page = 1; ; page++) {
    const answer = await getJson<{ items: QueueItem[]; total: number }>(
      staff,
      `/api/backoffice/reviews/queue?page=${page}&pageSize=100`,
    );
    items.push(...answer.items);
    if (answer.items.length === 0 || items.length >= answer.total) return items;
  }
}

/**
 * The id a review decision takes (`/reviews/:id/decision`: the borrower's id), for a borrower whose
 * profile is in the review queue, found by identity number or e-mail.
 */
export async function findReviewId(staff: StaffApi, borrower: BorrowerRef): Promise<number> {
  if (typeof borrower === 'number') return borrower;
  const queue = await reviewQueue(staff);
  let borrowerId: number | undefined;
  if (borrower.includes('@')) {
    const register = await postJson<{ items: { id: number; email: string }[] }>(
      staff,
      '/api/backoffice/borrowers/search',
      { q: borrower, pageSize: 100 },
    );
    borrowerId = register.items.find((b) => b.email.toLowerCase() === borrower.toLowerCase())?.id;
  } else {
    borrowerId = queue.find((item) => item.personCode === borrower)?.borrowerId;
  }
  expect(
    borrowerId !== undefined && queue.some((item) => item.borrowerId === borrowerId),
    `${borrower} is in the review queue`,
  ).toBe(true);
  return borrowerId!;
}

export interface DecisionResult {
  reviewId: number;
  decision: 'approve' | 'return';
  status: string;
  errores_perfil: number | null;
  modified: string;
  borrowerId: number;
}

async function decide(
  staff: StaffApi,
  borrower: BorrowerRef,
  body: Record<string, unknown>,
): Promise<DecisionResult> {
  const borrowerId = await findReviewId(staff, borrower);
  // The decision names the profile's revision the analyst saw (the file's profile.revision).
  const file = await getJson<{ profile: { revision: number } }>(
    staff,
    `/api/backoffice/borrowers/${borrowerId}`,
  );
  const response = await staff.ctx.post(`/api/backoffice/reviews/${borrowerId}/decision`, {
    data: { version: file.profile.revision, ...body },
    headers: { 'x-csrf-token': staff.csrf },
  });
  const answer = (await response.json()) as Omit<DecisionResult, 'borrowerId'>;
  expect(response.status(), `decision on ${borrower}: ${JSON.stringify(answer)}`).toBe(200);
  return { ...answer, borrowerId };
}

/** Approves the borrower's profile (status '1'; notification + SMS to the borrower). */
export function approveProfile(staff: StaffApi, borrower: BorrowerRef, note = ''): Promise<DecisionResult> {
  return decide(staff, borrower, { decision: 'approve', note });
}

export interface ReturnReason {
  /** errores_perfil, 0-5. */
  code: 0 | 1 | 2 | 3 | 4 | 5;
  failedItems?: {
    documents?: Partial<Record<'frontId' | 'backId' | 'utilityBill' | 'selfie', boolean>>;
    references?: Partial<Record<'personal' | 'labour', boolean>>;
  };
  note?: string;
}

/**
 * Returns the profile to the borrower: status stays '0', editable again, errores_perfil = `code`
 * and `modified` = today on the server (notification + SMS to the borrower).
 */
export function returnProfile(
  staff: StaffApi,
  borrower: BorrowerRef,
  { code, failedItems = {}, note = '' }: ReturnReason,
): Promise<DecisionResult> {
  return decide(staff, borrower, { decision: 'return', errorCode: code, failedItems, note });
}

async function postJson<T>(staff: StaffApi, url: string, data: unknown): Promise<T> {
  const response = await staff.ctx.post(url, { data, headers: { 'x-csrf-token': staff.csrf } });
  const answer = (await response.json()) as T;
  expect(response.status(), `${url}: ${JSON.stringify(answer)}`).toBe(200);
  return answer;
}

export interface LoanDecisionResult {
  id: number;
  status: number;
  statusLabel: string;
}

/** An analyst's decision on a loan request (`/loans/:id/decision`): take, approve or reject. */
export function decideLoan(
  staff: StaffApi,
  loanId: number,
  decision: { decision: 'take' } | { decision: 'approve' } | { decision: 'reject'; reason: string },
): Promise<LoanDecisionResult> {
  return postJson(staff, `/api/backoffice/loans/${loanId}/decision`, decision);
}

/** A cashier records the disbursement of an approved loan (5 → 3): its schedule is made. */
export function recordDisbursement(
  staff: StaffApi,
  loanId: number,
  disbursement: { disbursedOn: string; reference: string },
): Promise<LoanDecisionResult & { instalments: { position: number; dueDate: string }[] }> {
  return postJson(staff, `/api/backoffice/loans/${loanId}/disbursement`, disbursement);
}

/** An admin creates a staff account (`POST /staff`) with its initial password; answers its id. */
export async function createStaffAccount(
  staff: StaffApi,
  account: {
    email: string;
    name: string;
    role: 'admin' | 'analyst' | 'cashier' | 'supervisor' | 'support';
    password: string;
  },
): Promise<number> {
  const answer = await postJson<{ staff: { id: number } }>(staff, '/api/backoffice/staff', account);
  return answer.staff.id;
}

/** The cashier's queue of receipts in `state`, oldest sent first (first page of 100). */
export async function receiptsIn(
  staff: StaffApi,
  state: 'pending' | 'awaiting_approval' | 'validated' | 'rejected' | 'reversed',
): Promise<{ id: number; reference: string; loanId: number }[]> {
  return (
    await getJson<{ items: { id: number; reference: string; loanId: number }[] }>(
      staff,
      `/api/backoffice/receipts?state=${state}&pageSize=100`,
    )
  ).items;
}

/** The cashier's queue of pending receipts, oldest sent first (first page of 100). */
export function pendingReceipts(staff: StaffApi): Promise<{ id: number; reference: string }[]> {
  return receiptsIn(staff, 'pending');
}

/** The SHA-256 of a receipt's current photo, as the desk shows it: every decision names the photo seen. */
export async function receiptPhotoSha256(staff: StaffApi, receiptId: number): Promise<string> {
  return (await getJson<{ photoSha256: string }>(staff, `/api/backoffice/receipts/${receiptId}`)).photoSha256;
}

/** The runs' supervisor: the second person who confirms a validation waiting as 'Por aprobar' (issue 31). */
export const E2E_SUPERVISOR = {
  email: 'supervisora.e2e@prestamos.local',
  password: 'Supervisora#2026-e2e',
  name: 'Supervisora e2e',
} as const;

let supervisorSession: Promise<StaffApi> | undefined;
/** The supervisor's session, made (by the admin, once per run) and logged in once per spec file. */
function secondApprover(admin: StaffApi): Promise<StaffApi> {
  supervisorSession ??= (async () => {
    const created = await admin.ctx.post('/api/backoffice/staff', {
      data: { ...E2E_SUPERVISOR, role: 'supervisor' },
      headers: { 'x-csrf-token': admin.csrf },
    });
    // 409: another spec file of the run made it already.
    expect([200, 409], await created.text()).toContain(created.status());
    return staffLogin(E2E_BASE_URL, E2E_SUPERVISOR);
  })();
  return supervisorSession;
}

/** A second person confirms a validation waiting as 'Por aprobar': the money is credited and applied. */
export async function confirmReceiptApproval(staff: StaffApi, receiptId: number): Promise<unknown> {
  return postJson(staff, `/api/backoffice/receipts/${receiptId}/approval`, {
    decision: 'confirm',
    photoSha256: await receiptPhotoSha256(staff, receiptId),
  });
}

/**
 * A staff member validates a pending receipt with the amount received (lempiras as text), naming the
 * photo they saw: credited and, 8:00-19:59, applied. A validation that waits as 'Por aprobar' (an
 * amount that differs from the declared one, above the payoff or L 5,000.00) is confirmed by
 * `approver`, or the runs' supervisor when none is given.
 */
export async function validateReceipt(
  staff: StaffApi,
  receiptId: number,
  amount: string,
  approver?: StaffApi,
): Promise<unknown> {
  const decided = await postJson<{ state: string }>(staff, `/api/backoffice/receipts/${receiptId}/decision`, {
    decision: 'validate',
    amount,
    photoSha256: await receiptPhotoSha256(staff, receiptId),
  });
  if (decided.state !== 'awaiting_approval') return decided;
  return confirmReceiptApproval(approver ?? (await secondApprover(staff)), receiptId);
}

/** A staff member rejects a pending receipt with the reason the borrower reads, naming the photo seen. */
export async function rejectReceipt(staff: StaffApi, receiptId: number, reason: string): Promise<unknown> {
  return postJson(staff, `/api/backoffice/receipts/${receiptId}/decision`, {
    decision: 'reject',
    reason,
    photoSha256: await receiptPhotoSha256(staff, receiptId),
  });
}

/** A loan's payoff quote of today and its credit ('Liquidación', GET /loans/:id/payoff). */
export function loanPayoff(
  staff: StaffApi,
  loanId: number,
): Promise<{ status: number; creditCents: number; quote: { payoffCents: number } | null }> {
  return getJson(staff, `/api/backoffice/loans/${loanId}/payoff`);
}
