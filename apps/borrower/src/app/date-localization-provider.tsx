import { AdapterDateFns } from '@mui/x-date-pickers/AdapterDateFns';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import { esES } from '@mui/x-date-pickers/locales';
import type { ReactNode } from 'react';
import { dateLocale } from '../config/date-locale';

const pickerLocaleText = esES.components.MuiLocalizationProvider.defaultProps.localeText;

/** Date pickers and formatting in Spanish, weeks starting on Monday (SPEC section 9). */
export function DateLocalizationProvider({ children }: { children: ReactNode }) {
  return (
    <LocalizationProvider
      dateAdapter={AdapterDateFns}
      adapterLocale={dateLocale}
      localeText={pickerLocaleText}
    >
      {children}
    </LocalizationProvider>
  );
}
