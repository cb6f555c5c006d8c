/** The two references, personal and labour: the home screen's modal and the profile (putProfile.php). */
import { z } from 'zod';
import { MOBILE_PHONE_LENGTH, REFERENCE_PHONE_MIN_LENGTH } from '../constants.ts';
import { LABOUR_REFERENCE_TYPES, PERSONAL_REFERENCE_TYPES } from '../labels.ts';
import {
  LABOUR_EMAIL_EQUALS_PERSONAL_MESSAGE,
  LABOUR_PHONE_EQUALS_PERSONAL_MESSAGE,
  PERSONAL_EMAIL_EQUALS_LABOUR_MESSAGE,
  PERSONAL_PHONE_EQUALS_LABOUR_MESSAGE,
  PROFILE_EMAIL_EQUALS_PERSONAL_MESSAGE,
  PROFILE_PHONE_EQUALS_PERSONAL_MESSAGE,
  REFERENCE_EMAIL_DOMAIN_MESSAGE,
  REFERENCE_EMAIL_MESSAGE,
  REFERENCE_NAME_LETTERS_MESSAGE,
  REFERENCE_PHONE_MIN_MESSAGE,
  REFERENCE_PHONE_PROFILE_MESSAGE,
  REFERENCE_REQUIRED_MESSAGE,
  REFERENCE_TYPE_REQUIRED_MESSAGE,
} from '../messages.ts';
import { digitsOnly } from '../digits.ts';
import { crossFieldRule, isEmailAddress } from './fields.ts';

/** The eight fields of the two references (SPEC section 3 names), personal then labour. */
export const REFERENCE_FIELDS = [
  'ref_tipo_per',
  'ref_nom_per',
  'ref_tel_per',
  'ref_correo_per',
  'ref_tipo_lab',
  'ref_nom_lab',
  'ref_tel_lab',
  'ref_correo_lab',
] as const;
export type ReferenceField = (typeof REFERENCE_FIELDS)[number];

/** Where the references are edited: the home screen's modal, or the profile. */
export type ReferencesVariant = 'modal' | 'profile';

/** A reference's name as typed, cleaned: letters and single spaces only, upper case. */
export function cleanReferenceName(raw: string): string {
  return raw
    .replace(/[^\p{L}\s]/gu, '')
    .replace(/\s+/g, ' ')
    .trimStart()
    .toUpperCase();
}

/** A name: not empty after trimming ('Este campo es obligatorio'), letters and spaces only ('Solo se permiten letras.'). */
export const referenceNameSchema = z
  .string({ error: REFERENCE_REQUIRED_MESSAGE })
  .superRefine((value, ctx) => {
    const trimmed = value.trim();
    if (trimmed === '') ctx.addIssue({ code: 'custom', message: REFERENCE_REQUIRED_MESSAGE, input: value });
    else if (!/^[\p{L}\s]+$/u.test(trimmed)) {
      ctx.addIssue({ code: 'custom', message: REFERENCE_NAME_LETTERS_MESSAGE, input: value });
    }
  })
  .transform((value) => value.trim().replace(/\s+/g, ' ').toUpperCase());

/**
 * A phone, digits only (other characters stripped): in the modal at least 8 ('Debe tener al menos
 * 8 caracteres.'), in the profile exactly 8 ('Debe ser un número de 8 dígitos'); required.
 */
export function referencePhoneSchema(variant: ReferencesVariant) {
  return z
    .string({ error: REFERENCE_REQUIRED_MESSAGE })
    .transform(digitsOnly)
    .superRefine((value, ctx) => {
      let message: string | null = null;
      if (value === '') message = REFERENCE_REQUIRED_MESSAGE;
      else if (variant === 'modal' && value.length < REFERENCE_PHONE_MIN_LENGTH)
        message = REFERENCE_PHONE_MIN_MESSAGE;
      else if (variant === 'profile' && value.length !== MOBILE_PHONE_LENGTH)
        message = REFERENCE_PHONE_PROFILE_MESSAGE;
      if (message) ctx.addIssue({ code: 'custom', message, input: value });
    });
}

/**
 * An optional e-mail, lower-cased: without an @ and a domain, 'Debe ser un correo válido con
 * @dominio'; otherwise malformed, 'Debe ser un correo válido.'.
 */
export const referenceEmailSchema = z
  .string({ error: REFERENCE_EMAIL_MESSAGE })
  .nullish()
  .transform((value) => (value ?? '').trim().toLowerCase())
  .superRefine((value, ctx) => {
    if (value === '') return;
    const at = value.indexOf('@');
    const domain = at < 0 ? '' : value.slice(at + 1);
    if (at < 0 || !/^[^@\s]+\.[^@\s]+$/.test(domain)) {
      ctx.addIssue({ code: 'custom', message: REFERENCE_EMAIL_DOMAIN_MESSAGE, input: value });
    } else if (!isEmailAddress(value)) {
      ctx.addIssue({ code: 'custom', message: REFERENCE_EMAIL_MESSAGE, input: value });
    }
  });

/** An e-mail as the comparison sees it: trimmed, lower case. */
const comparableEmail = (value: unknown): string =>
  typeof value === 'string' ? value.trim().toLowerCase() : '';

/**
 * The eight reference fields of putProfile.php. Types are required ('Este campo es
 * obligatorio.'), e-mails optional. The two phones must differ, and so must the two e-mails when
 * both are given: in the modal each side says so ('El teléfono personal no puede ser igual al
 * laboral.' and its labour mirror); in the profile the labour side does ('El número no puede ser
 * igual al de referencia personal.', 'El correo no puede ser igual al de referencia personal.').
 */
export function makeReferencesSchema({ variant }: { variant: ReferencesVariant }) {
  const phone = referencePhoneSchema(variant);
  return z
    .object({
      ref_tipo_per: z.enum(PERSONAL_REFERENCE_TYPES, { error: REFERENCE_TYPE_REQUIRED_MESSAGE }),
      ref_nom_per: referenceNameSchema,
      ref_tel_per: phone,
      ref_correo_per: referenceEmailSchema,
      ref_tipo_lab: z.enum(LABOUR_REFERENCE_TYPES, { error: REFERENCE_TYPE_REQUIRED_MESSAGE }),
      ref_nom_lab: referenceNameSchema,
      ref_tel_lab: phone,
      ref_correo_lab: referenceEmailSchema,
    })
    .superRefine(
      ...crossFieldRule((fields, report) => {
        const personalPhone = typeof fields.ref_tel_per === 'string' ? digitsOnly(fields.ref_tel_per) : '';
        const labourPhone = typeof fields.ref_tel_lab === 'string' ? digitsOnly(fields.ref_tel_lab) : '';
        if (personalPhone !== '' && personalPhone === labourPhone) {
          if (variant === 'modal') {
            report('ref_tel_per', PERSONAL_PHONE_EQUALS_LABOUR_MESSAGE);
            report('ref_tel_lab', LABOUR_PHONE_EQUALS_PERSONAL_MESSAGE);
          } else report('ref_tel_lab', PROFILE_PHONE_EQUALS_PERSONAL_MESSAGE);
        }
        const personalEmail = comparableEmail(fields.ref_correo_per);
        if (personalEmail !== '' && personalEmail === comparableEmail(fields.ref_correo_lab)) {
          if (variant === 'modal') {
            report('ref_correo_per', PERSONAL_EMAIL_EQUALS_LABOUR_MESSAGE);
            report('ref_correo_lab', LABOUR_EMAIL_EQUALS_PERSONAL_MESSAGE);
          } else report('ref_correo_lab', PROFILE_EMAIL_EQUALS_PERSONAL_MESSAGE);
        }
      }),
    );
}
export type ReferencesPayload = z.output<ReturnType<typeof makeReferencesSchema>>;
