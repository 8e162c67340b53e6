import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'drizzle/**', 'data/**', '.tmp/**', 'test-results/**'] },
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
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // Imports flow one way: the web app, the contract and the domain never reach into the server.
    files: ['src/web/**', 'src/contract/**', 'src/domain/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/server/**'], message: 'The web app, contract and domain must not import server code.' },
            { group: ['drizzle-orm', 'drizzle-orm/*', 'pg', 'sharp', 'fastify', '@fastify/*', 'node:*'], message: 'Server-only package.' },
          ],
        },
      ],
    },
  },
  {
    // The admin area is loaded lazily: the storefront may only reach it through import().
    files: ['src/web/**'],
    ignores: ['src/web/admin/**', 'src/web/app/router.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/server/**'], message: 'The web app must not import server code.' },
            { group: ['drizzle-orm', 'drizzle-orm/*', 'pg', 'sharp', 'fastify', '@fastify/*', 'node:*'], message: 'Server-only package.' },
            { group: ['**/admin/**'], message: 'Load the admin area lazily (router), never import it into the storefront.' },
          ],
        },
      ],
    },
  },
);
