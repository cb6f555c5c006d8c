import { useNavigate } from 'react-router';
import { PublicPage } from '../../components/public-page';
import { LoginForm } from '../../features/auth/components/login-form';

export function Component() {
  const navigate = useNavigate();
  return (
    <PublicPage title="Iniciar sesión">
      <LoginForm onLoggedIn={() => void navigate('/', { replace: true })} />
    </PublicPage>
  );
}
