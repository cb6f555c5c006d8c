/**
 * The registration's steps after 'Identidad' and its summary: one chunk, downloaded when a field is
 * first focused (registration-form.tsx), so the first screen needs only the identity step.
 */
export { AccountStep } from './account-step';
export { PersonalStep } from './personal-step';
export { RegistrationSummary } from './registration-summary';
