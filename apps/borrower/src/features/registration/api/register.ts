import { useMutation } from '@tanstack/react-query';
import type { RegistrationPayload } from '@prestamos-hn/domain';
import { callLegacy } from '../../../lib/api-client';

/**
 * register.php: stage 1, with the version of the privacy terms accepted (`UsrPrivVer`, issue 35
 * point 9). OK answers an active session and who is logged in.
 */
export function useRegister() {
  return useMutation({
    mutationFn: (registration: RegistrationPayload & { privacyTermsVersion: number | null }) =>
      callLegacy('register', {
        UsrDNI: registration.identityNumber,
        UsrNom1: registration.firstName,
        UsrNom2: registration.secondName,
        UsrApe1: registration.firstSurname,
        UsrApe2: registration.secondSurname,
        UsrMail: registration.email,
        UsrGen: registration.gender,
        UsrPwd: registration.password,
        UsrFchNac: registration.birthDate,
        UsrTel: registration.phone,
        ...(registration.privacyTermsVersion === null
          ? {}
          : { UsrPrivVer: registration.privacyTermsVersion }),
      }),
  });
}
