import { SaveButton, Toolbar } from 'react-admin';

/**
 * Products and purposes are retired and staff accounts disabled, never deleted (the API has no delete):
 * their edit forms only save, with no delete button that could only fail.
 */
export function SaveOnlyToolbar() {
  return (
    <Toolbar>
      <SaveButton />
    </Toolbar>
  );
}
