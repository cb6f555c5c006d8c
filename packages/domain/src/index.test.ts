import { describe, expect, it } from 'vitest';
import * as domain from './index.ts';

describe('the public API of @prestamos-hn/domain', () => {
  it.each([
    'amountToWords',
    'formatMoney',
    'loanStatusLabel',
    'instalmentStatusLabel',
    'ordinalPaymentName',
    'periodDays',
    'periodRatePercent',
    'termOptions',
    'quoteLoan',
    'annualCostPercent',
    'instalmentDueCents',
    'centsToWords',
    'isReceiptWindowOpen',
    'isHolyWeekClosure',
    'todayInTegucigalpa',
    'isAllowedCity',
    'ageInYears',
    'addDays',
    'toCents',
    'fromCents',
    'roundHalfUp',
    'cleanRequiredName',
    'cleanOptionalName',
    'compareWithCensus',
    'identityNumberHelper',
    'phoneHelper',
    'makeRegistrationIdentitySchema',
    'makeRegistrationPersonalSchema',
    'makeRegistrationSchema',
    'makeStage2Schema',
    'makeReferencesSchema',
    'makeLoanRequestSchema',
    'makeProfileWorkStartSchema',
    'documentTypeLabel',
    'optionalFieldLabel',
    'blocksNewRequest',
    'offerExpiryDate',
    'isOfferExpiredOn',
    'mayDisburseExpiredLoan',
    'payoffQuote',
  ])('exports the function %s', (name) => {
    expect(typeof (domain as Record<string, unknown>)[name]).toBe('function');
  });

  it.each([
    'registrationIdentitySchema',
    'registrationAccountSchema',
    'loginCodeSchema',
    'passwordRecoverySchema',
    'passwordChangeSchema',
    'profilePasswordChangeSchema',
    'receiptSchema',
    'bankAccountSchema',
    'profileNamesSchema',
    'profileWorkplacePositionSchema',
    'profileIncomeSchema',
    'profilePhoneSchema',
    'profileIncomeTypeSchema',
    'profileMaritalStatusSchema',
    'profileResidenceAddressSchema',
    'profileWorkAddressSchema',
    'profileHousingSchema',
    'profileWorkplaceNameSchema',
    'profileDependentsSchema',
    'profileDependentsTypeSchema',
    'profileEducationSchema',
  ])('exports the schema %s', (name) => {
    const schema = (domain as Record<string, unknown>)[name] as { safeParse?: unknown } | undefined;
    expect(typeof schema?.safeParse).toBe('function');
  });

  it('does not export the test helpers', () => {
    expect('messagesOf' in domain).toBe(false);
  });
});
