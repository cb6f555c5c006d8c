import type { ProfileReviewState } from '@prestamos-hn/domain';

/** GET /api/backoffice/borrowers/:id (apps/api/src/services/review/borrower-file.ts). */
export interface BorrowerFile {
  id: number;
  borrower: {
    id: number;
    personCode: string;
    firstName: string;
    secondName: string;
    firstSurname: string;
    secondSurname: string;
    email: string;
    emailConfirmed: boolean;
    mobPhone: string;
    gender: string;
    birthday: string;
    createdAt: string;
    locked: boolean;
  };
  state: ProfileReviewState;
  stateLabel: string;
  profile: Record<string, string | number | null> & { sentForReviewAt: string | null };
  /** Names of the coded profile fields (option lists, bank, department, municipality, place). */
  labels: Record<string, string>;
  documents: {
    id: number;
    type: number;
    label: string;
    contentType: string;
    size: number;
    uploadedAt: string;
    url: string;
  }[];
  census: {
    status: string;
    comparison: {
      field: string;
      label: string;
      declared: string;
      census: string | null;
      matches: boolean | null;
    }[];
    differences: number;
  };
  references: {
    kind: 'personal' | 'labour';
    type: string | null;
    name: string | null;
    phone: string | null;
    email: string | null;
  }[];
  locations: {
    at: string;
    city: string | null;
    municipality: string | null;
    latitude: number | string | null;
    longitude: number | string | null;
    ip: string | null;
    browser: string | null;
    os: string | null;
  }[];
  reviews: {
    id: number;
    decision: 'approve' | 'return';
    errorCode: number | null;
    failedItems: unknown;
    note: string;
    submittedAt: string;
    decidedAt: string;
    staffName: string;
  }[];
  sessions:
    | {
        id: number;
        state: string;
        ip: string | null;
        userAgent: string | null;
        createdAt: string;
        lastSeenAt: string;
        endedAt: string | null;
        endReason: string | null;
      }[]
    | null;
  audit:
    | {
        id: number;
        at: string;
        actorType: string;
        actorId: string | null;
        action: string;
        before: unknown;
        after: unknown;
      }[]
    | null;
}
