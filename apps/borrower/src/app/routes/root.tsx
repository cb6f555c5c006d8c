import { useLayoutEffect } from 'react';
import { Outlet } from 'react-router';
import { takeOverStaticScreen } from '../../lib/static-screen';

/**
 * The layout around every screen. Spanish date pickers are provided by the logged-in layout only, so
 * the date libraries stay out of the first load of /login and /registro. Its first render replaces
 * index.html's static screen, before the browser paints (issue 33).
 */
export function Component() {
  useLayoutEffect(() => takeOverStaticScreen(document.getElementById('root')), []);
  return <Outlet />;
}
