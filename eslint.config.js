import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import prettier from 'eslint-config-prettier';

export default tseslint.config(
  {
    ignores: [
      'loadtests/k6',
      'node_modules',
      'data',
      'data-*',
      'dist',
      'web/dist',
      'test-results',
      'reports',
      'coverage',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['*.js', '*.mjs', 'scripts/*.mjs'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': [
        'error',
        { considerDefaultExhaustiveForUnions: true },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-misused-promises': [
        'error',
        { checksVoidReturn: { attributes: false, arguments: false } },
      ],
    },
  },
  {
    files: ['**/*.mjs', '**/*.js'],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: {
      globals: { process: 'readonly', console: 'readonly', URL: 'readonly', setTimeout: 'readonly' },
    },
  },
  // Module boundaries (docs/adding-a-feature.md). Tests compose the whole platform, so specs are exempt.
  {
    files: ['services/**/*.ts'],
    ignores: ['services/api/**', 'services/main.ts', 'services/tools/**', '**/*.spec.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)api(/|$)',
              message:
                'Features do not import the composition root (services/api/): use services/kit/http/context.ts.',
            },
          ],
        },
      ],
    },
  },
  {
    // Routes run a command through `execute` and a command over several streams through its module's workflow
    // chain (services/kit/http/context.ts, docs/decisions/workflows.md); a route never runs the command handler
    // itself. Checked by services/tools/lintRules.unit.spec.ts.
    files: ['services/**/*Routes.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "CallExpression > MemberExpression.callee[property.name='handle']:matches([object.name='commands'], [object.property.name='commands'])",
          message:
            'Routes run commands through execute(ctx, services, { command | chain }) (services/kit/http/context.ts), not commands.handle.',
        },
      ],
    },
  },
  {
    // Projections read the kit, the event-store port and event contracts (`*Events.ts`). Until every feature
    // has its `*Events.ts`, the decider modules that still hold event types are allowed, with the few pure
    // helpers the read models share (settings defaults, rich-text sanitising, the uploads path). The runner's
    // CLIs and test helpers open stores, and migrations create reactors' tables: they compose, they are exempt.
    files: ['projections/**/*.ts'],
    ignores: [
      '**/*.spec.ts',
      'projections/runner/*-cli.ts',
      'projections/runner/cli.ts',
      'projections/runner/testing*.ts',
      'projections/migrations/**',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex:
                '^(\\.\\./)+services/(?!kit/|eventstore/port$|eventstore/contract$|eventstore$|.*Events$|.*Decider$|catalog/events/eventSettings$|catalog/richText$|catalog/images/storage$)',
              message:
                'Projections import only the kit, the event-store port and event contract files (*Events.ts).',
            },
          ],
        },
      ],
    },
  },
  {
    // The web is its own program: nothing from outside web/ except the shared contracts, as types only, the
    // ticket code format, which is written to run in the browser too (the scanner reads and verifies codes), and
    // the order summary, so the buyer's pages, the order drawer and the mails show an order's money alike.
    files: ['web/**/*.ts', 'web/**/*.tsx'],
    ignores: ['**/*.e2e.spec.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+services/kit/contracts/',
              allowTypeImports: true,
              message: 'The web imports the shared contracts as types only (import type).',
            },
            {
              regex:
                '^(\\.\\./)+(?!web/)(services|projections|loadtests)/(?!kit/contracts/|admission/ticketCodeFormat$|admission/admissionRules$|sales/orders/orderSummary$)',
              message: 'The web imports nothing outside web/ but the contract types.',
            },
          ],
        },
      ],
    },
  },
  prettier,
);
