import { Outlet } from 'react-router';
import { DateLocalizationProvider } from '../date-localization-provider';

/** The layout around every screen. */
export function Component() {
  return (
    <DateLocalizationProvider>
      <Outlet />
    </DateLocalizationProvider>
  );
}
