import type { StaffEndpointNameOf } from '@prestamos-hn/contract';
import {
  addCollectionNote,
  addPaymentPromise,
  changeCollectionStage,
  exportCollections,
  getCollectionsFile,
  listCollections,
} from '../../services/collections/collections.ts';
import type { StaffHandlerTable } from '../handler.ts';

/** Collections ('Cobranza'): the late loans queue and its CSV, a loan's collections file, notes, promises, stages. */
export const collectionHandlers = {
  listCollections: ({ deps, query }) => listCollections(deps, query),
  exportCollections: ({ deps, query, session }) => exportCollections(deps, session.staff, query),
  getCollectionsFile: ({ deps, params }) => getCollectionsFile(deps, params.id),
  addCollectionNote: ({ deps, params, body, session }) =>
    addCollectionNote(deps, session.staff, params.id, body),
  addPaymentPromise: ({ deps, params, body, session }) =>
    addPaymentPromise(deps, session.staff, params.id, body),
  changeCollectionStage: ({ deps, params, body, session }) =>
    changeCollectionStage(deps, session.staff, params.id, body),
} satisfies StaffHandlerTable<StaffEndpointNameOf<'collections'>>;
