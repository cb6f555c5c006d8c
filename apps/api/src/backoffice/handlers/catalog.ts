import type { StaffEndpointNameOf } from '@prestamos-hn/contract';
import {
  createProduct,
  createPurpose,
  listProducts,
  listPurposes,
  updatePriceList,
  updateProduct,
  updatePurpose,
} from '../../services/loans/catalog.ts';
import { listTemplates, previewTemplate, saveTemplateVersion } from '../../services/loans/templates.ts';
import type { StaffHandlerTable } from '../handler.ts';

/** Products, price lists, purposes and document templates: what admins change about the offer. */
export const catalogHandlers = {
  listProducts: async ({ deps }) => ({ items: await listProducts(deps) }),
  createProduct: async ({ deps, body, session }) => ({
    product: await createProduct(deps, session.staff, body),
  }),
  updateProduct: async ({ deps, params, body, session }) => ({
    product: await updateProduct(deps, session.staff, params.id, body),
  }),
  updatePriceList: async ({ deps, params, body, session }) => ({
    product: await updatePriceList(deps, session.staff, params.id, body),
  }),
  listPurposes: async ({ deps }) => ({ items: await listPurposes(deps) }),
  createPurpose: async ({ deps, body, session }) => ({
    purpose: await createPurpose(deps, session.staff, body),
  }),
  updatePurpose: async ({ deps, params, body, session }) => ({
    purpose: await updatePurpose(deps, session.staff, params.id, body),
  }),
  listTemplates: ({ deps }) => listTemplates(deps),
  saveTemplateVersion: async ({ deps, params, body, session }) => ({
    template: await saveTemplateVersion(deps, session.staff, params.kind, body),
  }),
  previewTemplate: ({ deps, params, body }) => previewTemplate(deps, { kind: params.kind, ...body }),
} satisfies StaffHandlerTable<StaffEndpointNameOf<'catalog'>>;
