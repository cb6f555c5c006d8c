// One lint setup for the whole repository. Besides the usual TypeScript rules, it encodes the
// boundaries of docs/architecture.md so a wrong import fails `npm run lint`, not a code review.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';

// The folders under a directory of this repository, read from the disk so that a new app, feature
// or service area is fenced in the moment it exists.
const foldersOf = (path) =>
  readdirSync(new URL(`${path}/`, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

// The workspaces under apps/ (api, borrower, backoffice).
const apps = foldersOf('apps');
// The browser apps and their features (apps/<app>/src/features/<feature>).
const spas = ['borrower', 'backoffice'];

// Apps use packages through their entry points, never by deep path.
const packagePathPatterns = [
  { regex: '^@prestamos-hn/[^/]+/.+', message: 'Import a package by its name, not a deep path.' },
  { regex: '(\\.\\./)+packages/', message: 'Import a package by its name.' },
];
// Tests may also use a package's `testing` entry (fixtures the tests of several workspaces share),
// which production code never imports.
const testPackagePathPatterns = [
  {
    regex: '^@prestamos-hn/[^/]+/(?!testing$).+',
    message: 'Import a package by its name (a test may also use its testing entry), not a deep path.',
  },
  ...packagePathPatterns.slice(1),
];

// The API's service areas: every folder of apps/api/src/services (accounts, profile, review, staff...)
// and shared/, the helpers they all use. Read from the disk, so a new area is fenced in at once.
const SERVICES = 'apps/api/src/services';
const serviceFolders = foldersOf(SERVICES);

// Where an area still reaches into another's files, each with its reason.
const serviceAreaExceptions = {
  // The daily run (servicing/daily-run.ts) runs three steps that are another area's own rules, built
  // on that area's insides: a stale request's expiry on the loans' decisions and notices, the
  // wallet's application on the payments' ledger and notices (the cashier desk applies a wallet
  // with the same code), and the check of the books on the journal (decision 015). Moving them out
  // of their areas would take those insides along.
  servicing: ['loans/expiry.ts', 'payments/apply-wallet.ts', 'accounting/books-check.ts'],
  // Every money event journals itself in its own transaction (decision 015): the one entry point of
  // the books, `postJournal`, is called where the money moves.
  loans: ['accounting/post-journal.ts'],
  payments: ['accounting/post-journal.ts'],
  // Bank reconciliation confirms a match by the cashier desk's own decision (decideReceipt), so the
  // credit, value date, application and second-approval rules are the desk's, never a copy that
  // could drift; a receipt's borrower is named as the desk names it.
  reconciliation: ['payments/cashier-desk.ts', 'payments/names.ts'],
};

/** Erasable TypeScript only, in every file (a block that sets no-restricted-syntax again keeps these). */
const erasableOnly = [
  { selector: 'TSEnumDeclaration', message: 'Erasable TypeScript only: use a union of literals.' },
  {
    selector: 'TSParameterProperty',
    message: 'Erasable TypeScript only: declare the field and assign it.',
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-server/**',
      'data/**',
      '**/test-results/**',
      '**/playwright-report/**',
      'apps/api/drizzle/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: { 'import-x': importX },
    // Resolve imports as TypeScript does (extensionless `./file`, `.tsx`, workspace packages), so
    // that the path fences below see every import. Without a resolver that knows TypeScript, an
    // extensionless import resolves to nothing and no fence fires. (Import cycles: lint:cycles.)
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['tsconfig.json', 'apps/*/tsconfig.json', 'packages/*/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-syntax': ['error', ...erasableOnly],
    },
  },
  {
    // A borrower's spinner only turns (a transform, which the compositor draws): MUI's shrinking arc
    // animates the stroke, which the main thread repaints every frame, on a slow phone while the
    // screen under it is still being built (Lighthouse: non-composited animation).
    files: ['apps/borrower/src/**/*.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...erasableOnly,
        {
          selector:
            "JSXOpeningElement[name.name='CircularProgress']:not(:has(JSXAttribute[name.name='disableShrink']))",
          message: 'Give the spinner disableShrink: it then only turns, drawn by the compositor.',
        },
      ],
    },
  },
  {
    files: ['apps/borrower/src/**/*.{ts,tsx}', 'apps/backoffice/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // packages/domain is pure: nothing from the rest of the repo, nothing that does I/O.
    files: ['packages/domain/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!zod$|\\.{1,2}/).*',
              message: 'packages/domain imports only zod and its own files.',
            },
          ],
        },
      ],
    },
  },
  {
    // packages/contract: only domain and zod.
    files: ['packages/contract/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!zod$|@prestamos-hn/domain$|\\.{1,2}/).*',
              message: 'packages/contract imports only zod, @prestamos-hn/domain and its own files.',
            },
          ],
        },
      ],
    },
  },
  {
    // Apps use packages through their entry points, never by deep path.
    files: ['apps/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: packagePathPatterns }] },
  },
  {
    files: ['apps/*/src/**/*.test.{ts,tsx}', 'apps/api/test/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: testPackagePathPatterns }] },
  },
  // A journey (apps/<app>/e2e) imports its own app's e2e files and e2e/support/, never another
  // app's folder: what two apps' journeys share belongs in e2e/support/.
  ...apps.map((app) => ({
    files: [`apps/${app}/e2e/**/*.ts`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...packagePathPatterns,
            {
              regex: `^\\.{1,2}/(.*/)?(apps|${apps.filter((other) => other !== app).join('|')})/`,
              message: `apps/${app}/e2e imports only its own files and e2e/support/; move what both apps use there.`,
            },
          ],
        },
      ],
    },
  })),
  {
    // In the SPAs imports flow one way: shared -> features -> app; a feature never imports another.
    // One zone per feature, generated from the folders: everything in features/ but its own folder.
    files: ['apps/borrower/src/**/*.{ts,tsx}', 'apps/backoffice/src/**/*.{ts,tsx}'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: spas.flatMap((app) => {
            const src = `./apps/${app}/src`;
            return [
              ...foldersOf(`apps/${app}/src/features`).map((feature) => ({
                target: `${src}/features/${feature}`,
                from: `${src}/features`,
                except: [`./${feature}`],
                message: `features/${feature} never imports another feature; compose them in app/ or move what both need to components/ or lib/.`,
              })),
              {
                target: `${src}/features`,
                from: `${src}/app`,
                message: 'Features do not import from app/.',
              },
              {
                target: [
                  `${src}/components`,
                  `${src}/lib`,
                  `${src}/config`,
                  `${src}/hooks`,
                  `${src}/testing`,
                ],
                from: [`${src}/features`, `${src}/app`],
                message: 'Shared folders do not import features or app/.',
              },
            ];
          }),
        },
      ],
    },
  },
  {
    // In the API: routes -> services -> (db, integrations, domain). Handlers never touch the database.
    files: ['apps/api/src/legacy/**/*.ts', 'apps/api/src/backoffice/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: ['./apps/api/src/legacy', './apps/api/src/backoffice'],
              from: './apps/api/src/db',
              message: 'Handlers call services; only services touch the database.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/api/src/services/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'fastify', message: 'Services never see a request or reply.' }],
          patterns: packagePathPatterns,
        },
      ],
      // A service area uses its own files, shared/ and the top-level modules (deps.ts, audit.ts,
      // sessions.ts...), never another area's insides: what two areas need moves to shared/ or to
      // a top-level module. shared/ and the top-level modules use no area at all.
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...serviceFolders.map((folder) => ({
              target: `./${SERVICES}/${folder}/**`,
              from: `./${SERVICES}/*/**`,
              except: [...new Set([folder, 'shared']), ...(serviceAreaExceptions[folder] ?? [])].map(
                (allowed) => `**/${SERVICES}/${allowed}${allowed.endsWith('.ts') ? '' : '/**'}`,
              ),
              message:
                folder === 'shared'
                  ? 'services/shared/ serves every area and imports none of them.'
                  : `services/${folder}/ never imports another area's files: move what both need to services/shared/ or a top-level services module.`,
            })),
            {
              target: `./${SERVICES}/*.ts`,
              from: `./${SERVICES}/*/**`,
              except: [`**/${SERVICES}/shared/**`],
              message:
                'Top-level service modules are shared by every area: besides each other, they import only services/shared/.',
            },
            {
              target: `./${SERVICES}/shared/**`,
              from: `./${SERVICES}/*.ts`,
              message:
                'services/shared/ is the bottom layer: it imports no top-level services module (they import it).',
            },
          ],
        },
      ],
    },
  },
);
