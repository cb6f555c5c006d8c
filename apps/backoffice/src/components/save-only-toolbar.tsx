import { SaveButton, Toolbar } from 'react-admin';

/** Products and purposes are retired, never deleted: their edit forms only save. */
export function SaveOnlyToolbar() {
  return (
    <Toolbar>
      <SaveButton />
    </Toolbar>
  );
}
