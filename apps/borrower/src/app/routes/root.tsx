import { Outlet } from 'react-router';

/**
 * The layout around every screen. Spanish date pickers are provided by the logged-in layout only, so
 * the date libraries stay out of the first load of /login and /registro.
 */
export function Component() {
  return <Outlet />;
}
