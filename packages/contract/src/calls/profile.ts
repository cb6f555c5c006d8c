import { PROFILE_EDIT_FIELDS, type ProfileEditField } from '@prestamos-hn/domain';
import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { fromWire } from '../wire-names.ts';
import { profileMessages } from './profile-messages.ts';

// Request schemas describe the wire (which fields, which types) and rename its legacy fields
// (`fromWire`). The rules of each dialog (lengths, options, dates, the phone rule...) are
// @prestamos-hn/domain's schemas, which the API applies to the renamed input with what only the
// server knows (today, the option tables, the borrower's state).
const text = z.string().default('');
/** A field old clients send as text or as a number (counts, amounts, codes). */
const textOrNumber = z.union([z.string(), z.number()]).default('');
const message = z.object({ message: z.string() });

/** A document of the profile: 18 selfie (a signed URL that expires), 19 front ID, 20 back ID, 21 utility bill. */
export const profileFile = z.object({
  type: z.number().int(),
  /** For the selfie (18) a full signed URL valid for 15 minutes; for the others the document name. */
  dir: z.string(),
});
export type ProfileFile = z.infer<typeof profileFile>;

/**
 * The profile as getProfile.php answers it (SPEC section 3). Text fields not yet filled are `''`;
 * numbers not yet filled are `null`. Codes (bank, region, county, city...) are text.
 */
export const profileData = z.object({
  customer_id: z.number().int(),
  person_code: z.string(),
  realname: z.string(),
  midname: z.string(),
  midname2: z.string(),
  surname: z.string(),
  email: z.string(),
  mob_phone: z.string(),
  /** 'H' male, 'M' female. */
  gender: z.enum(['H', 'M']),
  /** YYYY-MM-DD. */
  birthday: z.string(),
  /** When the account was created, YYYY-MM-DD. */
  created: z.string(),
  /** '0' not approved (editable while not sent), '1' approved and locked. */
  status: z.enum(['0', '1']),
  /** The review outcome 0-5, or null before any review. */
  errores_perfil: z.number().int().nullable(),
  /** The date of the last change or review decision, YYYY-MM-DD, or '' . */
  modified: z.string(),
  income_status: z.string(),
  business_type: z.string(),
  /** Monthly income in whole lempiras, or null. */
  income: z.number().nullable(),
  /** The current account's bank code, or ''. */
  bank: z.string(),
  account_number: z.string(),
  marital_status: z.string(),
  home_status: z.string(),
  dependents: z.number().int().nullable(),
  dependents_who: z.string(),
  education: z.string(),
  region: z.string(),
  county: z.string(),
  city: z.string(),
  house: z.string(),
  address_referece: z.string(),
  workplace: z.string(),
  workplace_position: z.string(),
  work_region: z.string(),
  work_county: z.string(),
  work_city: z.string(),
  workplace_address: z.string(),
  /** Work start date, YYYY-MM-DD, or ''. */
  work_experience: z.string(),
  ref_tipo_per: z.string(),
  ref_nom_per: z.string(),
  ref_tel_per: z.string(),
  ref_correo_per: z.string(),
  ref_tipo_lab: z.string(),
  ref_nom_lab: z.string(),
  ref_tel_lab: z.string(),
  ref_correo_lab: z.string(),
  /** Document names ('' when missing): file1 front ID, file2 back ID, file3 utility bill, file4 selfie. */
  file1: z.string(),
  file2: z.string(),
  file3: z.string(),
  file4: z.string(),
});
export type ProfileData = z.infer<typeof profileData>;

/**
 * The `array` keys the code reads under another name: the code that confirms a new phone or a new
 * bank account, and the current password that goes with a bank-account change (issue 31).
 */
const profileChangeWireNames = { code: 'OtpLNum', currentPassword: 'UsrPwd' } as const;
type RenamedChangeField = keyof typeof profileChangeWireNames;

/**
 * The keys putProfile.php's `array` accepts (SPEC section 3 names): the fields of the profile's
 * edit groups, the code of a phone or bank-account change and the password of the latter. Anything
 * else is refused.
 */
export const editableProfileFields = [
  ...PROFILE_EDIT_FIELDS,
  profileChangeWireNames.code,
  profileChangeWireNames.currentPassword,
] as const;
/** A changed profile field as the code names it. */
export type ProfileChangeField = ProfileEditField | RenamedChangeField;
/** One dialog's changes, as putProfile.php's handler receives them. */
export type ProfileChanges = Partial<Record<ProfileChangeField, string | number | null>>;

const editable = new Set<string>(editableProfileFields);
const englishChangeNames: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(profileChangeWireNames).map(([name, wireName]) => [wireName, name]),
);

/** A bank account of the borrower; `current` '1' marks the active one. */
export const bankAccountItem = z.object({
  account_number: z.string(),
  bank: z.string(),
  current: z.enum(['0', '1']),
});
export type BankAccountItem = z.infer<typeof bankAccountItem>;

/** The cascading lists: departments, municipalities and neighbourhoods/places. */
export const locationLists = z.object({
  deps: z.array(z.object({ DepCod: z.string(), DepDsc: z.string() })),
  muns: z.array(z.object({ DepCod: z.string(), MunCod: z.string(), MunDsc: z.string() })),
  ubs: z.array(z.object({ DepCod: z.string(), MunCod: z.string(), LocCod: z.string(), LocDsc: z.string() })),
});
export type LocationLists = z.infer<typeof locationLists>;

export const profileCalls = {
  /** Registration stage 2 (SPEC section 3's stage 2 payload). OK marks completion. */
  register2: defineEndpoint({
    file: 'register2.php',
    access: 'session',
    method: 'POST',
    envelope: 'legacy',
    // Stage 2 fills these profile fields: the handler reads them under their profile names.
    ...fromWire({
      bank: ['UsrBan', textOrNumber],
      account_number: ['UsrBanNum', text],
      marital_status: ['UsrEstCiv', text],
      income_status: ['UsrTipCli', text],
      home_status: ['UsrTipViv', text],
      dependents: ['UsrNumDep', textOrNumber],
      income: ['UsrIng', textOrNumber],
      work_experience: ['UsrFchLabIni', text],
      business_type: ['UsrBussines', textOrNumber],
    }),
    payload: message,
  }),
  /** The caller's profile, documents, classification, review and e-mail states. */
  getProfile: defineEndpoint({
    file: 'getProfile.php',
    access: 'session',
    method: 'POST',
    envelope: 'legacy',
    request: z.object({}),
    payload: z.object({
      data: profileData,
      files: z.array(profileFile),
      /** The classification text (e.g. 'Nuevo'). */
      csas: z.string(),
      /** 'CMP' once sent for review; '' before. */
      datasend: z.string(),
      /** 'CMP' once the e-mail is confirmed. */
      MailEst: z.string(),
    }),
  }),
  /**
   * Saves the changed fields of one dialog: `array` maps profile field names (SPEC section 3) to
   * values, e.g. `{income: 15000}`, the eight reference fields, `{mob_phone, OtpLNum}` after
   * otp_upd.php sent the code, or `{bank, account_number, UsrPwd, OtpLNum}` after
   * sendBankAccountCode.php sent one (the first account, with none on file, needs neither). A key
   * that is not editable is refused here; the handler receives the `changes` with `OtpLNum` named
   * `code` and `UsrPwd` named `currentPassword`.
   */
  putProfile: defineEndpoint({
    file: 'putProfile.php',
    access: 'session',
    method: 'POST',
    envelope: 'legacy',
    request: z
      .object({ array: z.record(z.string(), z.union([z.string(), z.number(), z.null()])) })
      .transform(({ array }, ctx) => {
        const refused = Object.keys(array).find((key) => !editable.has(key));
        if (refused !== undefined) {
          const message = profileMessages.fieldNotEditable(refused);
          ctx.addIssue({ code: 'custom', message, path: [refused], input: array });
          return z.NEVER;
        }
        const changes = Object.entries(array).map(([key, value]) => [englishChangeNames[key] ?? key, value]);
        return { changes: Object.fromEntries(changes) as ProfileChanges };
      }),
    wireNames: profileChangeWireNames,
    payload: message,
  }),
  /** Multipart: `sid` and one or several of file1 (front ID), file2 (back ID), file3 (utility bill), file4 (selfie). */
  putProfileFile: defineEndpoint({
    file: 'putProfileFile.php',
    access: 'session',
    method: 'POST',
    envelope: 'legacy',
    multipart: ['file1', 'file2', 'file3', 'file4'],
    request: z.object({}),
    payload: z.object({ message: z.string(), files: z.array(profileFile) }),
  }),
  /**
   * Sends a code by SMS to the new phone. Refused within 6 months of the last change: ER with
   * `payload.fechaexp` (YYYY-MM-DD, the first day a change is possible). `UsrPwd`, the current
   * password, is not in the SPEC's row: optional on the wire for old clients, but the server
   * refuses the call without the right one (the phone is the second factor; issue 15).
   */
  otp_upd: defineEndpoint({
    file: 'otp_upd.php',
    access: 'session',
    method: 'POST',
    envelope: 'legacy',
    ...fromWire({ phone: ['UsrTelNew', text], currentPassword: ['UsrPwd', text] }),
    payload: message,
  }),
  /**
   * A code by SMS to the account's phone that confirms a change of the bank account to `UsrBan` /
   * `UsrBanNum` (not in the SPEC: issue 31). Refused without the right current password (`UsrPwd`),
   * while a loan request is in progress (0, 1, 5: the contract named the account), for the same
   * account, or for one the bank lookup knows. The change itself is putProfile.php with the account,
   * `UsrPwd` and the code as `OtpLNum`.
   */
  sendBankAccountCode: defineEndpoint({
    file: 'sendBankAccountCode.php',
    access: 'session',
    method: 'POST',
    envelope: 'legacy',
    ...fromWire({
      bank: ['UsrBan', textOrNumber],
      account_number: ['UsrBanNum', text],
      currentPassword: ['UsrPwd', text],
    }),
    payload: message,
  }),
  /** 'Cambiar contraseña' in the profile: current and new password; other sessions are ended. */
  PostResetPassword: defineEndpoint({
    file: 'PostResetPassword.php',
    access: 'session',
    method: 'POST',
    envelope: 'legacy',
    ...fromWire({ currentPassword: ['UsrPwd', text], newPassword: ['UsrPwdNew', text] }),
    payload: message,
  }),
  /** 'Mis datos son correctos': sends the complete profile for review. */
  send_confirmdata: defineEndpoint({
    file: 'send_confirmdata.php',
    access: 'session',
    method: 'POST',
    envelope: 'legacy',
    request: z.object({}),
    payload: message,
  }),
  /** The caller's bank accounts, the current one marked. */
  get_bankaccount: defineEndpoint({
    file: 'get_bankaccount.php',
    access: 'session',
    method: 'POST',
    envelope: 'legacy',
    request: z.object({}),
    payload: z.array(bankAccountItem),
  }),
  /** The caller's classification. */
  getCSAS: defineEndpoint({
    file: 'getCSAS.php',
    access: 'session',
    method: 'POST',
    envelope: 'legacy',
    request: z.object({}),
    payload: z.object({ csas: z.string() }),
  }),
  /**
   * 'Deposito por aplicar': validated money not yet applied to instalments, in lempiras (up to two
   * decimals), from the wallet ledger. With `ContainerId` (an extra field; the SPEC sends only `sid`),
   * that loan's balance; without it, the sum over the caller's loans (the profile's header).
   */
  getWalletInfo: defineEndpoint({
    file: 'getWalletInfo.php',
    access: 'session',
    method: 'POST',
    envelope: 'legacy',
    request: z.object({ ContainerId: z.union([z.number(), z.string().trim()]).optional() }),
    payload: z.object({ data: z.object({ amount_wallet_balance: z.number() }) }),
  }),
  /** The cascading lists for the residence and work addresses. */
  getLocations: defineEndpoint({
    file: 'getLocations.php',
    access: 'session',
    method: 'POST',
    envelope: 'legacy',
    request: z.object({}),
    payload: locationLists,
  }),
};
