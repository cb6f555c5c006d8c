/**
 * Who may do what in the back-office. The table itself lives in @prestamos-hn/domain (staff.ts), so
 * the staff API's contract, the server and the back-office read the same one; this module keeps the
 * names the services import.
 */
export {
  can,
  isStaffRole,
  ROLE_PERMISSIONS,
  STAFF_PERMISSIONS as PERMISSIONS,
  type StaffPermission as Permission,
} from '@prestamos-hn/domain';
