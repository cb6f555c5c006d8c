import { SearchInput } from 'react-admin';

/** A list's borrower search (the server matches identity, name, e-mail or phone), always shown. */
export const borrowerSearchFilters = [
  <SearchInput
    key="q"
    source="q"
    alwaysOn
    placeholder="Identidad, nombre, correo o teléfono"
    sx={{ minWidth: { sm: 360 } }}
  />,
];
