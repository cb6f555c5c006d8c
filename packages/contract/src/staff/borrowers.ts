import { CENSUS_ITEMS, PROFILE_REVIEW_STATES } from '@prestamos-hn/domain';
import { z } from 'zod';
import { profileData } from '../calls/profile.ts';
import { defineStaffEndpoint, imageResponse, jsonResponse } from './endpoint.ts';
import { idField, isoInstant, pageFields, paged } from './fields.ts';

/** How the register sorts: registration date, surname and first name, or the date sent for review. */
export const REGISTER_SORTS = ['created', 'name', 'sent'] as const;

export const registerQuery = z.object({
  q: z.string({ error: 'Búsqueda inválida.' }).trim().max(100, 'La búsqueda es demasiado larga.').optional(),
  state: z
    .enum(PROFILE_REVIEW_STATES, { error: 'Estado inválido: incompleto, en_revision, aprobado o devuelto.' })
    .optional(),
  sort: z.enum(REGISTER_SORTS, { error: 'Orden inválido: created, name o sent.' }).default('created'),
  order: z.enum(['asc', 'desc'], { error: 'Dirección inválida: asc o desc.' }).default('desc'),
  ...pageFields,
});

const borrowerId = idField('Identificador de cliente inválido.');
export const borrowerParams = z.object({ id: borrowerId });

const profileState = z.enum(PROFILE_REVIEW_STATES);

/** A row of the register. */
export const registerItem = z.object({
  id: z.number().int(),
  personCode: z.string(),
  /** First name(s) and surname(s), as one text. */
  name: z.string(),
  email: z.string(),
  mobPhone: z.string(),
  state: profileState,
  stateLabel: z.string(),
  createdAt: isoInstant,
  sentForReviewAt: isoInstant.nullable(),
});

/** The census fields compared with what the borrower declared: the domain's census items, in their order. */
export const CENSUS_COMPARISON_FIELDS = CENSUS_ITEMS;

/**
 * Everything staff see of one borrower (services/borrower-file.ts). `profile` is the profile
 * in getProfile.php's names plus its review fields; `sessions` and `audit` are null for a role
 * without `borrowers.audit`, `census` without `borrowers.census`, `locations` without
 * `borrowers.locations`; without `borrowers.bank_account` the profile's `account_number` is
 * `****` and its last 4 digits.
 */
export const borrowerFile = z.object({
  borrower: z.object({
    id: z.number().int(),
    personCode: z.string(),
    firstName: z.string(),
    secondName: z.string(),
    firstSurname: z.string(),
    secondSurname: z.string(),
    email: z.string(),
    emailConfirmed: z.boolean(),
    mobPhone: z.string(),
    /** 'M' or 'F' as stored (getProfile's `gender` says 'H' or 'M'). */
    gender: z.string(),
    /** YYYY-MM-DD. */
    birthday: z.string(),
    createdAt: isoInstant,
    locked: z.boolean(),
    /** The version of the privacy terms accepted at registration and when; null before versions. */
    privacyTermsVersion: z.number().int().nullable(),
    privacyTermsAcceptedAt: isoInstant.nullable(),
  }),
  state: profileState,
  stateLabel: z.string(),
  profile: profileData.extend({
    /** 'CMP' once sent for review, '' before. */
    datasend: z.string(),
    /** The classification text ('Nuevo', 'En revisión', 'Aprobado'). */
    csas: z.string(),
    sentForReviewAt: isoInstant.nullable(),
    /** 1 plus 1 per change; the review decision sends it back as `version` (issue 35 point 9). */
    revision: z.number().int(),
  }),
  /**
   * While it waits for review: each field the borrower changed since sending it, and each document
   * replaced, as staff read them (label, value then, value now). Empty otherwise.
   */
  changesSinceSent: z.array(
    z.object({
      /** getProfile's name of the field, or `document:<type>`. */
      field: z.string(),
      label: z.string(),
      before: z.string(),
      after: z.string(),
    }),
  ),
  /** Names of the coded fields (option lists, bank, places), keyed like `profile`. */
  labels: z.record(z.string(), z.string()),
  documents: z.array(
    z.object({
      id: z.number().int(),
      /** 18 selfie, 19 front ID, 20 back ID, 21 utility bill. */
      type: z.number().int(),
      label: z.string(),
      contentType: z.string(),
      size: z.number().int(),
      uploadedAt: isoInstant,
      /** The bytes, through the authenticated and audited row getBorrowerDocument. */
      url: z.string(),
    }),
  ),
  /** Null for a role without `borrowers.census` (cashier, support). */
  census: z
    .object({
      /** The registry's answer: 'success', 'not_found' or its error status. */
      status: z.string(),
      comparison: z.array(
        z.object({
          field: z.enum(CENSUS_COMPARISON_FIELDS),
          label: z.string(),
          declared: z.string(),
          census: z.string().nullable(),
          /** Null when the registry gave no record. */
          matches: z.boolean().nullable(),
        }),
      ),
      differences: z.number().int(),
    })
    .nullable(),
  references: z.array(
    z.object({
      /** 'personal' or 'labour' (the service's type says string). */
      kind: z.string(),
      type: z.string(),
      name: z.string(),
      phone: z.string(),
      email: z.string(),
    }),
  ),
  /** Null for a role without `borrowers.locations` (cashier, support). */
  locations: z
    .array(
      z.object({
        at: isoInstant,
        city: z.string().nullable(),
        municipality: z.string().nullable(),
        latitude: z.number(),
        longitude: z.number(),
        ip: z.string(),
        browser: z.string(),
        os: z.string(),
      }),
    )
    .nullable(),
  reviews: z.array(
    z.object({
      id: z.number().int(),
      /** 'approve' or 'return' (the service's type says string). */
      decision: z.string(),
      errorCode: z.number().int().nullable(),
      /** A return's checkboxes: `{documents: {frontId, ...}, references: {personal, labour}}`. */
      failedItems: z.unknown(),
      note: z.string(),
      submittedAt: isoInstant,
      decidedAt: isoInstant,
      staffName: z.string(),
    }),
  ),
  sessions: z
    .array(
      z.object({
        id: z.number().int(),
        state: z.string(),
        ip: z.string().nullable(),
        userAgent: z.string().nullable(),
        createdAt: isoInstant,
        lastSeenAt: isoInstant,
        endedAt: isoInstant.nullable(),
        endReason: z.string().nullable(),
      }),
    )
    .nullable(),
  audit: z
    .array(
      z.object({
        id: z.number().int(),
        at: isoInstant,
        actorType: z.string(),
        actorId: z.string().nullable(),
        /** A staff member's name (null for a borrower, the system, or an account not found). */
        actorName: z.string().nullable(),
        action: z.string(),
        before: z.unknown(),
        after: z.unknown(),
      }),
    )
    .nullable(),
});

/** The register, the borrower file and the bytes of its documents. */
export const staffBorrowerRows = {
  // A POST, so that a searched identity number, phone or e-mail never stands in a URL (proxies,
  // history; docs/security.md, issue 15 point 8). It changes nothing.
  listBorrowers: defineStaffEndpoint({
    method: 'POST',
    path: '/borrowers/search',
    access: 'borrowers.read',
    summary: 'The borrower register: search, state filter, sort, one page and the counts per state',
    body: registerQuery,
    response: jsonResponse(
      paged(registerItem).extend({ counts: z.record(profileState, z.number().int().nonnegative()) }),
    ),
  }),
  getBorrowerFile: defineStaffEndpoint({
    method: 'GET',
    path: '/borrowers/:id',
    access: 'borrowers.read',
    summary: 'The borrower file: identity, profile, documents, census comparison, history',
    params: borrowerParams,
    response: jsonResponse(borrowerFile),
  }),
  getBorrowerDocument: defineStaffEndpoint({
    method: 'GET',
    path: '/borrowers/:id/files/:fileId',
    access: 'borrowers.documents',
    summary: "The bytes of one of the borrower's documents (audited as view_documents)",
    params: z.object({ id: borrowerId, fileId: idField('Identificador de documento inválido.') }),
    response: imageResponse,
  }),
};
