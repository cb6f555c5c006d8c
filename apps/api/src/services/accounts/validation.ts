// The shared checks moved to services/validation.ts (the payments area uses them too); the account,
// profile, review, staff and loan services keep importing them from here.
export { isUniqueViolation, parseOrRefuse } from '../validation.ts';
