import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { PublicPage } from '../../components/public-page';
import { RegistrationForm } from '../../features/registration/components/registration-form';
import { REGISTRATION_TITLE } from '../../features/registration/utils/registration-steps';
import type { ProfileLocationState } from './profile';

export function Component() {
  const navigate = useNavigate();
  // Inicio's 'Completa tu perfil' card says what is missing and opens it.
  const goToHome = useCallback(() => {
    const state: ProfileLocationState = { isNewAccount: true };
    void navigate('/', { replace: true, state });
  }, [navigate]);
  return (
    <PublicPage title={REGISTRATION_TITLE} hasBackToLogin>
      <RegistrationForm onRegistered={goToHome} />
    </PublicPage>
  );
}
