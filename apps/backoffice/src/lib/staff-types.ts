/** The staff API's answers as the back-office reads them (apps/api/src/backoffice, services/review). */
// Staff roles and profile states are the product's vocabulary: packages/domain, shared with the API.
import type { StaffRole } from '@prestamos-hn/domain';

export interface StaffMember {
  id: number;
  email: string;
  name: string;
  role: StaffRole;
  disabled?: boolean;
  createdAt?: string;
}

export interface Paged<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}
