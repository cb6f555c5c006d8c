import type { StaffEndpointNameOf } from '@prestamos-hn/contract';
import { getBorrowerFile, readBorrowerDocument } from '../../services/borrower-file.ts';
import { listBorrowers } from '../../services/review/register.ts';
import type { StaffHandlerTable } from '../handler.ts';

/** The register, the borrower file and its documents. */
export const borrowerHandlers = {
  listBorrowers: ({ deps, body }) => listBorrowers(deps, body),
  getBorrowerFile: ({ deps, params, session }) => getBorrowerFile(deps, session.staff, params.id),
  getBorrowerDocument: ({ deps, params, session }) =>
    readBorrowerDocument(deps, session.staff, params.id, params.fileId),
} satisfies StaffHandlerTable<StaffEndpointNameOf<'borrowers'>>;
