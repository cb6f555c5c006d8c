/**
 * The settings every test app starts with (createTestApp, and the API replay's script, which runs
 * outside vitest and so cannot import test-app.ts): a test environment with its own data folder,
 * no logs, and a fixed key for document URLs, which production requires and which keeps signed URLs
 * the same from run to run.
 */
export const testSettings = (dataDir: string): Record<string, string> => ({
  NODE_ENV: 'test',
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  FILE_URL_SECRET: 'clave-de-prueba-para-firmar-urls-de-archivos',
});
