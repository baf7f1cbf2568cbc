import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import checkFile from 'eslint-plugin-check-file';
import globals from 'globals';

const WEB = 'apps/web/src';
const API = 'apps/api/src';

function foldersOf(parent) {
  return fs
    .readdirSync(path.join(import.meta.dirname, parent), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
}

/** One zone per feature: it imports nothing from the other features of its app. */
function featureZones(app, sharedPlaces) {
  return foldersOf(`${app}/features`).map((feature) => ({
    target: `${app}/features/${feature}`,
    from: `${app}/features`,
    except: [`./${feature}`],
    message: `A feature never imports another feature; move what they share to ${sharedPlaces}.`,
  }));
}

/** The API's shared layers: what every feature may use, and which import no feature. */
const API_SHARED = [
  `${API}/lib`,
  `${API}/kernel`,
  `${API}/db/schema`,
  `${API}/db/client.ts`,
  `${API}/db/data-dir-lock.ts`,
  `${API}/plugins`,
  `${API}/jobs`,
  `${API}/config`,
];

/**
 * The boundaries (docs/decisions/0017): features never import features, the shared layers import
 * no feature, the web and the API never import each other, and packages never import an app.
 */
const BOUNDARY_ZONES = [
  ...featureZones(WEB, 'lib/, components/ or packages/contracts'),
  {
    target: [`${WEB}/components`, `${WEB}/lib`, `${WEB}/config`],
    from: [`${WEB}/features`, `${WEB}/app`],
    message: 'components/, lib/ and config/ are shared: they import no feature and not the app.',
  },
  {
    target: `${WEB}/features`,
    from: `${WEB}/app`,
    message: 'Features do not import the app shell; the app composes the features.',
  },
  ...featureZones(
    API,
    'lib/, kernel/, db/ or packages/contracts (a test arranges data through apps/api/test/)',
  ),
  {
    target: API_SHARED,
    from: `${API}/features`,
    message: 'lib/, kernel/, db/, plugins/, jobs/ and config/ are shared: they import no feature.',
  },
  {
    target: API_SHARED.filter((place) => place !== `${API}/plugins`).concat(`${API}/features`),
    from: `${API}/plugins`,
    message:
      'plugins/ are registered by app.ts alone: what a feature or the kernel needs of one lives in lib/ or kernel/.',
  },
  {
    // A scoped query helper in lib/ takes the caller's scope, so the scope's types are the one
    // part of the kernel lib/ may name.
    target: API_SHARED.filter((place) => ![`${API}/kernel`, `${API}/plugins`].includes(place)),
    from: `${API}/kernel`,
    except: ['./scope.ts'],
    message:
      'lib/, db/, jobs/ and config/ are infrastructure under the kernel: they import none of it but its scope types.',
  },
  {
    // The e2e journeys (apps/web/e2e) drive the whole product and may use the API's test harness.
    target: WEB,
    from: 'apps/api',
    message: 'The web never imports the API: what both need lives in packages/contracts.',
  },
  {
    target: 'apps/api',
    from: 'apps/web',
    message: 'The API never imports the web: what both need lives in packages/contracts.',
  },
  {
    target: 'packages',
    from: 'apps',
    message: 'Packages never import an app.',
  },
];

/**
 * What the API's production code (not its tests) must also keep to: demo/ and dev/ are
 * composition roots that app.ts and server.ts mount (and tests use), and apps/api/test/ is the
 * tests' harness, never shipped code.
 */
const API_PRODUCTION_ZONES = [
  ...BOUNDARY_ZONES,
  {
    target: [...API_SHARED, `${API}/features`],
    from: [`${API}/demo`, `${API}/dev`],
    message:
      'demo/ and dev/ are composition roots: only app.ts, server.ts and tests import them; move what they share to lib/, kernel/ or a feature.',
  },
  {
    target: API,
    from: 'apps/api/test',
    message:
      'Production code never imports apps/api/test/ (the tests use production code, not the reverse).',
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['**/*.{js,mjs,cjs,ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['apps/*/tsconfig.json', 'packages/*/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { basePath: import.meta.dirname, zones: BOUNDARY_ZONES },
      ],
    },
  },
  {
    // Replaces the rule's options for these files, so it lists every zone again.
    files: [`${API}/**/*.ts`],
    ignores: ['**/*.test.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { basePath: import.meta.dirname, zones: API_PRODUCTION_ZONES },
      ],
    },
  },
  {
    // Drizzle statements live in *.queries.ts (docs/decisions/0028), so one look finds them all.
    files: [`${API}/**/*.ts`],
    ignores: ['**/*.test.ts', '**/*.queries.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'CallExpression > MemberExpression.callee[property.name=/^(select|selectDistinct|insert|update|delete|execute)$/]:matches([object.name=/^(db|tx)$/], [object.property.name=/^(db|tx)$/])',
          message: 'Run Drizzle statements from a *.queries.ts file.',
        },
      ],
    },
  },
  {
    files: ['apps/**/*.{js,mjs,cjs,ts,tsx,css}', 'packages/**/*.{js,mjs,cjs,ts,tsx,css}'],
    plugins: { 'check-file': checkFile },
    rules: {
      'check-file/filename-naming-convention': [
        'error',
        { '**/*': 'KEBAB_CASE' },
        { ignoreMiddleExtensions: true },
      ],
      'check-file/folder-naming-convention': ['error', { '{apps,packages}/**/': 'KEBAB_CASE' }],
    },
  },
  {
    // ESLint reads no CSS: this processor hands it an empty file so the naming rules see the name.
    files: ['**/*.css'],
    processor: 'check-file/eslint-processor-check-file',
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: [
      'scripts/**',
      '.ci/**',
      '**/*.bench.ts',
      'apps/api/src/server.ts',
      'apps/api/src/demo/**',
      'apps/api/test/fuzz/**',
    ],
    rules: { 'no-console': 'off' },
  },
  {
    // Small files with one purpose (docs/decisions/0028): tests, journeys and generated code aside.
    files: ['{apps,packages,scripts}/**/*.{js,mjs,ts,tsx}'],
    ignores: ['**/*.test.*', '**/*.spec.ts', 'apps/web/e2e/**', 'apps/api/test/**'],
    rules: {
      'max-lines': ['error', { max: 400 }],
      'max-lines-per-function': ['error', { max: 100 }],
    },
  },
);
