import { useCallback } from 'react';
import { useLocation } from 'wouter';
import { PublicPage } from '../../components/public-page';
import { RegistrationForm } from '../../features/registration/components/registration-form';
import { REGISTRATION_TITLE } from '../../features/registration/utils/registration-steps';
import type { ProfileLocationState } from './profile';

export function Component() {
  const [, navigate] = useLocation();
  // Inicio's 'Completa tu perfil' card says what is missing and opens it.
  const goToHome = useCallback(() => {
    const state: ProfileLocationState = { isNewAccount: true };
    navigate('/', { replace: true, state });
  }, [navigate]);
  return (
    <PublicPage title={REGISTRATION_TITLE} hasBackToLogin>
      <RegistrationForm onRegistered={goToHome} />
    </PublicPage>
  );
}
