import { execFileSync } from 'node:child_process';
import { cpSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { BORROWER_BUILD, E2E_BORROWER_DIST, E2E_PORT, REPO_ROOT } from '../../../../e2e/support/e2e-env';
import { publishVersion, restorePublishedVersion } from '../../../../e2e/support/published-version';

/** Where another version of the borrower app is built (per port, like the server's data). */
const NEXT_BUILD = path.join(REPO_ROOT, `test-results/e2e-borrower-next-${E2E_PORT}`);

/**
 * Builds this code again as `version` (a real build: every chunk that embeds the version, or imports
 * one that does, gets a new name, and a new service worker precaches them). Returns its folder.
 */
export function buildVersion(version: string): string {
  execFileSync(
    process.execPath,
    [path.join(REPO_ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', NEXT_BUILD, '--emptyOutDir'],
    {
      cwd: path.join(REPO_ROOT, 'apps/borrower'),
      env: { ...process.env, BUILD_APP_VERSION: version },
      stdio: 'pipe',
    },
  );
  return NEXT_BUILD;
}

/** Deploys the build in `folder` as the server's borrower app, and publishes its version: the old files are gone. */
export async function deploy(folder: string): Promise<void> {
  rmSync(E2E_BORROWER_DIST, { recursive: true, force: true });
  cpSync(folder, E2E_BORROWER_DIST, { recursive: true });
  await publishVersion(readFileSync(path.join(folder, 'versionjs.txt'), 'utf8').trim());
}

/** Puts `npm run build`'s app back, as every other journey expects it. */
export async function restoreDeployedBuild(): Promise<void> {
  rmSync(E2E_BORROWER_DIST, { recursive: true, force: true });
  cpSync(BORROWER_BUILD, E2E_BORROWER_DIST, { recursive: true });
  await restorePublishedVersion();
}

/**
 * The entry script an index.html loads (`/static/js/index-<hash>.js`): named by the page's head
 * script, which starts it (decision 020), as a quoted string.
 */
export function entryScriptOf(folder: string): string {
  const html = readFileSync(path.join(folder, 'index.html'), 'utf8');
  return /"(\/static\/js\/index-[\w-]+\.js)"/.exec(html)![1]!;
}
