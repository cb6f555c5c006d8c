import Alert from '@mui/material/Alert';
import { useLocation, useSearchParams } from 'wouter';
import { PublicPage } from '../../components/public-page';
import { LoginForm } from '../../features/auth/components/login-form';
import { EXPIRED_PARAM, RETURN_PARAM, safeReturnPath, SESSION_EXPIRED_NOTICE } from '../../lib/return-path';

/**
 * /login. Reached because the session expired (`expirada=1`) it says so; reached from a logged-in
 * route (`volver`), it returns there after the login code, otherwise to Inicio (issue 35 point 9).
 */
export function Component() {
  const [, navigate] = useLocation();
  const [params] = useSearchParams();
  const back = safeReturnPath(params.get(RETURN_PARAM)) ?? '/';
  return (
    <PublicPage title="Iniciar sesión">
      {params.get(EXPIRED_PARAM) === '1' && (
        <Alert severity="warning" role="status" sx={{ mb: 2 }}>
          {SESSION_EXPIRED_NOTICE}
        </Alert>
      )}
      <LoginForm onLoggedIn={() => navigate(back, { replace: true })} />
    </PublicPage>
  );
}
