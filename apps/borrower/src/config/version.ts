/**
 * The version this bundle was built as. Outside a Vite build (unit tests) the constant is not
 * defined, hence the guard.
 */
export const APP_VERSION: string = typeof __APP_VERSION__ === 'string' ? __APP_VERSION__ : '0.0.0-dev';
