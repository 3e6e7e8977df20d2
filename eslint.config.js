import { builtinModules } from 'node:module';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const PAGE_ONLY = 'The page has no Node, Electron or server code: it talks to the host through the gateway.';

export default tseslint.config(
  { ignores: ['node_modules', 'out', 'dist', 'coverage'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      parserOptions: { projectService: false },
      globals: { process: 'readonly', console: 'readonly', Buffer: 'readonly', URL: 'readonly' },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['src/sandbox-server/**/*.ts', 'src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: ['electron'] }],
    },
  },
  {
    // The page runs sandboxed in the window and as a plain web page in headless mode: it reaches the host only
    // through the typed gateway (test/renderer/boundaries.test.ts checks the same at test time).
    files: ['src/renderer/**/*.{ts,tsx}', 'src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [...builtinModules, 'electron'].map((name) => ({ name, message: PAGE_ONLY })),
          patterns: [
            { group: ['node:*'], message: PAGE_ONLY },
            { group: ['**/main/**', '**/sandbox-server/**'], message: PAGE_ONLY },
          ],
        },
      ],
    },
  },
  {
    // Test files share one module graph per worker (isolate: false in vitest.config.ts): a hook registered when a
    // support module is first imported would run for the first test file of a worker only.
    files: ['test/**/*.ts'],
    ignores: ['test/**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'Program > ExpressionStatement > CallExpression[callee.name=/^(before|after)(Each|All)$/]',
          message:
            'A support module is imported once per worker: register hooks in the test file, or use onTestFinished.',
        },
      ],
    },
  },
);
