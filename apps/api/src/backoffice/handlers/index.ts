import type { StaffEndpointName } from '@prestamos-hn/contract';
import type { StaffHandlerTable } from '../handler.ts';
import { accountingHandlers } from './accounting.ts';
import { auditHandlers } from './audit.ts';
import { authHandlers } from './auth.ts';
import { borrowerHandlers } from './borrowers.ts';
import { chatHandlers } from './chats.ts';
import { collectionAccountHandlers } from './collection-accounts.ts';
import { collectionHandlers } from './collections.ts';
import { catalogHandlers } from './catalog.ts';
import { dashboardHandlers } from './dashboard.ts';
import { holidayHandlers } from './holidays.ts';
import { loanHandlers } from './loans.ts';
import { payoffHandlers } from './payoff.ts';
import { portfolioHandlers } from './portfolio.ts';
import { receiptHandlers } from './receipts.ts';
import { reconciliationHandlers } from './reconciliation.ts';
import { reviewHandlers } from './reviews.ts';
import { staffAccountHandlers } from './staff.ts';

/** Every row of the staff table has its handler: a missing one is a compile error. */
export const staffHandlers = {
  ...authHandlers,
  ...staffAccountHandlers,
  ...borrowerHandlers,
  ...reviewHandlers,
  ...dashboardHandlers,
  ...auditHandlers,
  ...loanHandlers,
  ...chatHandlers,
  ...receiptHandlers,
  ...catalogHandlers,
  ...holidayHandlers,
  ...collectionAccountHandlers,
  ...collectionHandlers,
  ...portfolioHandlers,
  ...payoffHandlers,
  ...accountingHandlers,
  ...reconciliationHandlers,
} satisfies StaffHandlerTable<StaffEndpointName>;
