import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { PublicPage } from '../../components/public-page';
import { RegistrationForm } from '../../features/registration/components/registration-form';
import { REGISTRATION_TITLE } from '../../features/registration/utils/registration-steps';
import type { ProfileLocationState } from './profile';

export function Component() {
  const navigate = useNavigate();
  const goToProfile = useCallback(() => {
    const state: ProfileLocationState = { isNewAccount: true };
    void navigate('/perfil', { replace: true, state });
  }, [navigate]);
  return (
    <PublicPage title={REGISTRATION_TITLE} hasBackToLogin>
      <RegistrationForm onRegistered={goToProfile} />
    </PublicPage>
  );
}
