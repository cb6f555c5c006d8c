import Button from '@mui/material/Button';
import { Link } from 'wouter';

/** After success, the way back to the login form. */
export function BackToLoginButton() {
  return (
    <Button component={Link} to="/login" variant="contained" size="large">
      Volver al formulario de ingreso
    </Button>
  );
}
