import { readdirSync } from 'node:fs';
import { posix } from 'node:path';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const SERVER_ONLY = [
  { group: ['**/server/**'], message: 'The web app, contract and domain must not import server code.' },
  { group: ['drizzle-orm', 'drizzle-orm/*', 'pg', 'sharp', 'fastify', '@fastify/*', 'node:*'], message: 'Server-only package.' },
];

/*
 * Imports in the web app flow one way (as bulletproof-react's import/no-restricted-paths zones, with core
 * no-restricted-imports): app/ → features/ → components/, lib/, stores/, config/; admin/ (the lazily
 * loaded area) uses features/ and the shared layers too, and only the router reaches it, through import().
 *   - lib/, config/, stores/ and components/ import no feature, nor app/ or admin/;
 *   - a feature imports no other feature, nor app/ or admin/ (what two features share moves to
 *     components/ or lib/, or the route screen in app/ composes them);
 *   - admin/ imports nothing from app/; the storefront imports nothing from admin/.
 * Imports are relative, so each folder gets the exact paths that reach the folders it must not use.
 */
const WEB = 'src/web';
const subfolders = (dir) =>
  readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name !== 'public')
    .map((entry) => posix.join(dir, entry.name));
const allFolders = (dir) => [dir, ...subfolders(dir).flatMap(allFolders)];
const FEATURES = subfolders(`${WEB}/features`);
const inside = (folder, root) => folder === root || folder.startsWith(`${root}/`);

/** The folders `folder` must not import from, each with the reason. */
function forbiddenFor(folder) {
  const storefrontNeverAdmin = { to: `${WEB}/admin`, why: 'Load the admin area lazily (router), never import it into the storefront.' };
  if (inside(folder, `${WEB}/features`)) {
    const own = FEATURES.find((feature) => inside(folder, feature));
    return [
      ...FEATURES.filter((feature) => feature !== own).map((feature) => ({
        to: feature,
        why: 'A feature must not import another feature: move what they share to components/ or lib/, or compose them in the route screen (app/).',
      })),
      { to: `${WEB}/app`, why: 'A feature must not import the app (routes, router).' },
      storefrontNeverAdmin,
    ];
  }
  if (['lib', 'config', 'stores', 'components'].some((layer) => inside(folder, `${WEB}/${layer}`))) {
    const why = 'Shared code (lib, config, stores, components) must not import features, the app or the admin area.';
    return [`${WEB}/features`, `${WEB}/app`, `${WEB}/admin`].map((to) => ({ to, why }));
  }
  if (inside(folder, `${WEB}/admin`)) return [{ to: `${WEB}/app`, why: 'The admin area must not import the storefront app (routes, router).' }];
  return [storefrontNeverAdmin];
}

const escapeRegex = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** One config per web folder: the server rules plus the relative paths that reach its forbidden folders. */
const importDirection = allFolders(WEB).map((folder) => ({
  files: [`${folder}/*.{ts,tsx}`],
  ...(folder === `${WEB}/app` ? { ignores: [`${WEB}/app/router.tsx`] } : {}),
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          ...SERVER_ONLY,
          ...forbiddenFor(folder).map(({ to, why }) => {
            const path = posix.relative(folder, to);
            // The relative path from this folder ('../../products/…' from a sibling feature), or any path
            // through the folder's name ('…/features/products/…', '…/admin/…').
            const relative = escapeRegex(path.startsWith('..') ? path : `./${path}`);
            return { regex: `^${relative}/|(^|/)${escapeRegex(posix.relative(WEB, to))}/`, message: why };
          }),
        ],
      },
    ],
  },
}));

/*
 * The server's zones (import-x/no-restricted-paths, by the files an import resolves to):
 *   - plugins are infrastructure: they import no module (app.ts hands them what they need);
 *   - a module never reaches into another module's repo: it asks that module's service;
 *   - the contract and the domain import neither the server nor the web app.
 */
const SERVER = 'src/server';
const MODULES = subfolders(`${SERVER}/modules`);
const serverZones = [
  {
    target: `./${SERVER}/plugins`,
    from: `./${SERVER}/modules`,
    message: 'A plugin is infrastructure: it imports no module (app.ts passes it what it needs).',
  },
  ...MODULES.map((module) => ({
    target: `./${module}`,
    from: MODULES.filter((other) => other !== module).map((other) => `./${other}/*repo.ts`),
    message: "A module does not reach into another module's repo: use that module's service.",
  })),
  {
    target: ['./src/contract', './src/domain'],
    from: ['./src/server', './src/web'],
    message: 'The contract and the domain are shared by both sides: they import neither.',
  },
];

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'drizzle/**', 'data/**', '.tmp/**', 'test-results/**', '.stryker-tmp/**', 'reports/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-non-null-assertion': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      eqeqeq: ['error', 'always'],
      'no-console': 'off',
    },
  },
  {
    // No import cycles, on either side; the zones above. Imports name their files (`./repo.ts`), so
    // Node's resolution finds them; TypeScript files are parsed with typescript-eslint's parser.
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { zones: serverZones }],
    },
  },
  {
    // The demo catalogue and its drawings (870 lines of SVG art) are loaded only when seeding (import()),
    // never at start: only the seed's own files and the command that draws them import them statically.
    files: [`${SERVER}/**/*.ts`],
    ignores: [`${SERVER}/db/seed/**`, `${SERVER}/cli/render-art.ts`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/seed/demo-catalogue.ts', '**/seed/product-photo-art.ts'],
              message: 'Load the demo catalogue and its drawings with import() where they are used, not at start.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // The contract and the domain are shared by both sides: they import neither the server nor the web app.
    files: ['src/contract/**', 'src/domain/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [...SERVER_ONLY, { group: ['**/web/**'], message: 'The contract and domain must not import web code.' }] },
      ],
    },
  },
  {
    // The router is the one place that reaches the admin area (through import()); it keeps the server rules.
    files: [`${WEB}/app/router.tsx`],
    rules: { 'no-restricted-imports': ['error', { patterns: SERVER_ONLY }] },
  },
  ...importDirection,
);
