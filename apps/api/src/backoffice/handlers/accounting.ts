import type { StaffEndpointNameOf } from '@prestamos-hn/contract';
import {
  exportJournal,
  getAccountLedger,
  getTrialBalance,
  listJournal,
} from '../../services/accounting/books-read.ts';
import { listStaffAlerts } from '../../services/staff-alerts.ts';
import type { StaffHandlerTable } from '../handler.ts';

/** The books ('Contabilidad', decision 015) and the staff alerts the daily run's check raises. */
export const accountingHandlers = {
  listJournal: ({ deps, query }) => listJournal(deps, query),
  exportJournal: ({ deps, query, session }) => exportJournal(deps, session.staff, query),
  getAccountLedger: ({ deps, params, query }) => getAccountLedger(deps, params.code, query),
  getTrialBalance: ({ deps, query }) => getTrialBalance(deps, query.date),
  listStaffAlerts: async ({ deps }) => ({ items: await listStaffAlerts(deps) }),
} satisfies StaffHandlerTable<StaffEndpointNameOf<'accounting'>>;
