/**
 * SPEC section 9: business constants and limits, named once so that no other package writes these
 * numbers again. Durations carry their unit in the name.
 */

/** A repayment period (a product's `ProTip`). */
export type Period = 'semanal' | 'quincenal' | 'mensual';
export const PERIODS: readonly Period[] = ['semanal', 'quincenal', 'mensual'];

export const IDENTITY_NUMBER_LENGTH = 13;
export const MINIMUM_AGE_YEARS = 21;
/** The birth date window is 21 to 80 years ago. */
export const MAXIMUM_AGE_YEARS = 80;
export const MOBILE_PHONE_LENGTH = 8;
export const REFERENCE_PHONE_MIN_LENGTH = 8;
export const SMS_CODE_LENGTH = 6;
/** The login code has at most 6 digits; the sixth submits it. */
export const LOGIN_CODE_MAX_LENGTH = 6;
export const REGISTRATION_CODE_RESEND_SECONDS = 120;
export const LOGIN_CODE_RESEND_LOCK_SECONDS = 60;
export const EMAIL_RESEND_LOCK_SECONDS = 60;
export const PASSWORD_MIN_LENGTH = 8;
export const DEPENDENTS_MIN = 0;
export const DEPENDENTS_MAX = 10;
export const MONTHLY_INCOME_MIN = 1;
/** Registration: the work start date is between today and 20 years ago. */
export const REGISTRATION_WORK_START_MAX_YEARS = 20;
/** Profile: the work start date is between 1 and 20 years ago. */
export const PROFILE_WORK_START_MIN_YEARS = 1;
export const PROFILE_WORK_START_MAX_YEARS = 20;
/** Workplace name: at least 3 characters (more than 2). */
export const WORKPLACE_NAME_MIN_LENGTH = 3;
export const PHONE_CHANGE_INTERVAL_MONTHS = 6;
export const LOAN_AMOUNT_MULTIPLE = 10;

export const PERIOD_DAYS: Readonly<Record<Period, number>> = { semanal: 7, quincenal: 15, mensual: 30 };

/** Divisors of the annual rate giving the period rate, as the loan calculator and summary use them. */
export const CALCULATOR_RATE_DIVISORS: Readonly<Record<Period, number>> = {
  semanal: 52.13,
  quincenal: 26.07,
  mensual: 12,
};
/** The same divisors as the plan screen uses them (both readings kept). */
export const PLAN_RATE_DIVISORS: Readonly<Record<Period, number>> = {
  semanal: 52.1429,
  quincenal: 26.0714,
  mensual: 12,
};
/** The period rate is shown as a percent with this many decimals. */
export const PERIOD_RATE_DECIMALS = 2;

/** Term options: weekly products offer at most 4 payments, biweekly at most 2. */
export const TERM_MAX_PAYMENTS: Readonly<Partial<Record<Period, number>>> = { semanal: 4, quincenal: 2 };

/** The calculator's administrative fee: 5 percent of the amount per period. */
export const CALCULATOR_ADMIN_FEE_PERCENT = 5;

export const UTILITY_BILL_MAX_AGE_MONTHS = 6;
export const LOAN_ANSWER_HOURS = 24;
export const PROFILE_VALIDATION_BUSINESS_HOURS = 24;

/** Receipts are accepted from 00:00 to 19:59 Tegucigalpa time (the button's rule). */
export const RECEIPT_ALLOWED_HOURS = { fromHour: 0, toHourExclusive: 20 } as const;
/** The hours the notice states, 8:00-20:00 (both readings kept, as the SPEC says). */
export const RECEIPT_STATED_HOURS = { fromHour: 8, toHour: 20 } as const;

/** Honduras time (America/Tegucigalpa) is UTC-6 all year: no daylight saving. */
export const TEGUCIGALPA_UTC_OFFSET_MINUTES = -360;
export const TEGUCIGALPA_TIME_ZONE = 'America/Tegucigalpa';

export const SUCCESS_POPUP_MS = 5000;
export const SPLASH_SCREEN_MS = 2000;
export const LOCATION_LOADING_WAIT_MS = 2000;
export const NOTIFICATION_POLL_MS = 10_000;
export const NOTIFICATION_BADGE_MAX = 99;
export const INVOICE_POLL_MS = 1000;
export const BANK_POLL_MS = 1000;
export const VERSION_CHECK_MS = 30_000;
export const APP_VERSION = '0.3.1';
export const LAZY_CHUNK_TIMEOUT_MS = 120_000;

/** Holy Week closure: 16 to 19 April, Honduras time. */
export const HOLY_WEEK_CLOSURE = { month: 4, firstDay: 16, lastDay: 19 } as const;

export const THEME = {
  primaryColor: '#4c74e9',
  breakpoints: { xs: 0, sm: 600, md: 900, lg: 1200, xl: 1536 },
  spacingPx: 8,
  borderRadius: 4,
  fontFamily: 'Roboto',
  fontSize: 14,
} as const;

/** Dates are Spanish with weeks starting on Monday (1). */
export const DATE_LOCALE = 'es';
export const WEEK_STARTS_ON = 1;
/** The legacy number formatter: English defaults with a `$` symbol. */
export const NUMBER_FORMAT_LOCALE = 'en';
export const NUMBER_FORMAT_SYMBOL = '$';
/** The money format pattern. */
export const MONEY_FORMAT = '0,0.00';
