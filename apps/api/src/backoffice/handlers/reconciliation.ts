import type { StaffEndpointNameOf } from '@prestamos-hn/contract';
import {
  confirmStatementMatch,
  getBankStatement,
  importBankStatement,
  listBankStatements,
} from '../../services/reconciliation/bank-statements.ts';
import { listStatementLayouts, saveStatementLayout } from '../../services/reconciliation/layouts.ts';
import type { StaffHandlerTable } from '../handler.ts';

/** 'Conciliación': the banks' statement layouts, importing a statement, a statement's matches, confirming one. */
export const reconciliationHandlers = {
  listBankStatementLayouts: ({ deps }) => listStatementLayouts(deps),
  saveBankStatementLayout: ({ deps, params, body, session }) =>
    saveStatementLayout(deps, session.staff, params.bankCode, body),
  listBankStatements: ({ deps, query }) => listBankStatements(deps, query),
  importBankStatement: ({ deps, body, files, session }) =>
    importBankStatement(deps, session.staff, { bankCode: body.bankCode, files }),
  getBankStatement: ({ deps, params }) => getBankStatement(deps, params.id),
  confirmStatementMatch: ({ deps, params, body, session }) =>
    confirmStatementMatch(deps, session.staff, params.id, params.lineId, body),
} satisfies StaffHandlerTable<StaffEndpointNameOf<'reconciliation'>>;
