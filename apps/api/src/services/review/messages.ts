/**
 * What the borrower is told about a review decision (in-app notification and SMS). A return's text
 * is the domain's PROFILE_ERROR_TEXTS, the same words Inicio shows the next day.
 */
export const APPROVED_TITLE = '¡Tu perfil fue aprobado!';
export const APPROVED_BODY = 'Ya puedes solicitar tu préstamo.';
export const RETURNED_TITLE = 'Revisa tu perfil';
