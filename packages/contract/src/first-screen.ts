/**
 * Where a page with a session asks the server for its logged-in screen, rendered with the borrower's
 * answers (decision 024): `POST` with a FirstScreenBody. The server answers 200 with the screen, or
 * 204 when it has none to give (the page then starts the app as without it).
 */
export const FIRST_SCREEN_PATH = '/api/first-screen';

/**
 * The page's request: its session, the address it shows (the hash's path), its clock (ms) and the
 * version of the app it will start (the server renders only for the version it has).
 */
export interface FirstScreenBody {
  sid: string;
  address: string;
  now: number;
  version: string;
}
