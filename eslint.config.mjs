// @ts-check
import js from '@eslint/js';
import nx from '@nx/eslint-plugin';
import prettier from 'eslint-config-prettier';
import tseslint from 'typescript-eslint';

const TEST_FILES = ['**/*.spec.ts', '**/*.int-spec.ts', '**/*.e2e-spec.ts', '**/test/**/*.ts'];

/**
 * Layer rules, checked on every import:
 * - an app depends on shared libs only, never on another app;
 * - a shared lib depends on shared libs only; contracts depend on nothing of ours;
 * - tooling (local stack, test harness, scripts) is reachable from tests and tools, never from app code;
 * - the SDK (packages/sdk) is published on its own, so it depends on nothing of ours; tests and
 *   tooling use it as merchants and partners do;
 * - the examples (examples/) are what a merchant or partner writes: the SDK and nothing else of
 *   ours; their tests may use the harness. One exception: libs/signature imports the SDK's
 *   pure signing entry `@opp/sdk/signing`, so client and gateway share one ADR 0003 rendering,
 *   and libs/errors its error catalogue `@opp/sdk/error-codes`, so both answer the same codes.
 */
const boundaries = (inTests) => [
  'error',
  {
    enforceBuildableLibDependency: false,
    allow: ['@opp/sdk/signing', '@opp/sdk/error-codes'],
    depConstraints: [
      { sourceTag: 'scope:contracts', onlyDependOnLibsWithTags: [] },
      { sourceTag: 'scope:sdk', onlyDependOnLibsWithTags: [] },
      {
        sourceTag: 'type:example',
        onlyDependOnLibsWithTags: inTests
          ? ['type:lib', 'type:tooling', 'type:package']
          : ['type:package'],
      },
      {
        sourceTag: 'type:app',
        onlyDependOnLibsWithTags: inTests
          ? ['type:lib', 'type:tooling', 'type:package']
          : ['type:lib'],
      },
      {
        sourceTag: 'type:lib',
        onlyDependOnLibsWithTags: inTests
          ? ['type:lib', 'type:tooling', 'type:package']
          : ['type:lib'],
      },
      {
        sourceTag: 'type:tooling',
        onlyDependOnLibsWithTags: ['type:lib', 'type:tooling', 'type:package'],
      },
    ],
  },
];

/**
 * The type-aware set every TypeScript file gets, the console's browser code too: its own tsconfig
 * is read through the project service.
 */
const typeAwareRules = {
  plugins: { '@nx': nx },
  languageOptions: {
    parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
  },
  rules: {
    '@nx/enforce-module-boundaries': boundaries(false),
    '@typescript-eslint/no-floating-promises': 'error',
    '@typescript-eslint/switch-exhaustiveness-check': 'error',
    '@typescript-eslint/no-unused-vars': [
      'error',
      { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
    ],
    'no-console': 'error',
  },
};

const NO_MODULES = {
  regex: '\\.module$',
  message:
    'Layer code imports no Nest module (the root AppModule least of all): modules wire the layers from above (ADR 0031).',
};

/** The `no-restricted-imports` patterns of each layer folder of an app. */
const LAYER_PATTERNS = {
  domain: [
    {
      regex: '(^|/)(application|infrastructure|interface)(/|$)',
      message: 'Domain code depends on no outer layer (application, infrastructure, interface).',
    },
    {
      group: ['typeorm', 'typeorm/*', 'pg', '@nestjs/*'],
      message: 'Domain code is free of frameworks and persistence.',
    },
  ],
  application: [
    {
      regex: '(^|/)interface(/|$)',
      message:
        'Application code does not depend on the interface (controllers, handlers, request readers) that calls it.',
    },
    {
      regex: '(^|/)infrastructure(/|$)|\\.orm-entity$',
      message:
        'Application code depends on ports (abstract classes in domain/ or application/), not on their adapters or ORM entities (ADR 0031).',
    },
    {
      group: ['typeorm', 'typeorm/*', 'pg', 'pg/*'],
      message:
        'Application code is free of persistence: it passes a UnitOfWork (@opp/persistence) to ports (ADR 0031).',
    },
  ],
  interface: [
    {
      regex: '(^|/)infrastructure(/|$)|\\.orm-entity$',
      message:
        'Interface code calls use cases and ports (application/), not adapters or ORM entities (ADR 0031).',
    },
  ],
  infrastructure: [
    {
      regex: '(^|/)interface(/|$)',
      message: 'Adapters do not call the interface (controllers, handlers) (ADR 0031).',
    },
  ],
};

const layerRules = () =>
  Object.entries(LAYER_PATTERNS).map(([layer, patterns]) => ({
    files: [`apps/*/src/**/${layer}/**/*.ts`],
    ignores: TEST_FILES,
    rules: {
      'no-restricted-imports': ['error', { patterns: [...patterns, NO_MODULES] }],
    },
  }));

export default tseslint.config(
  {
    ignores: [
      'node_modules/**',
      'dist/**',
      'packages/*/dist/**',
      '.local/**',
      'coverage/**',
      '**/*.js',
      '**/*.mjs',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    files: ['**/*.ts'],
    ...typeAwareRules,
    rules: {
      ...typeAwareRules.rules,
      '@typescript-eslint/require-await': 'off',
      // A batch of rows goes to SQL as typed arrays (unnest), never as a json record set: the
      // planner takes a record set for a hundred rows and scans the tables it joins (ADR 0065).
      'no-restricted-syntax': [
        'error',
        ...['TemplateElement[value.raw', 'Literal[value'].map((node) => ({
          selector: `${node}=/_to_record|_populate_record/i]`,
          message: 'Pass the rows as typed arrays with unnest (ADR 0065).',
        })),
      ],
    },
  },
  // The operator console (ADR 0066) is browser code with its own tsconfig (DOM, Preact's JSX);
  // the type-aware rules read that tsconfig through the project service.
  { files: ['apps/*/console/**/*.ts', 'apps/*/console/**/*.tsx'], ...typeAwareRules },
  {
    files: TEST_FILES,
    rules: {
      '@nx/enforce-module-boundaries': boundaries(true),
      '@typescript-eslint/unbound-method': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      'no-restricted-syntax': [
        'error',
        { selector: "CallExpression[callee.property.name='only']", message: 'No focused tests.' },
        { selector: "CallExpression[callee.property.name='skip']", message: 'No skipped tests.' },
      ],
    },
  },
  {
    files: ['tools/**/*.ts', 'tools/local-stack/**/*.ts', 'tools/testing/**/*.ts'],
    rules: { 'no-console': 'off' },
  },
  // Layers inside an app (docs/CONVENTIONS.md, ADR 0031): every file of a feature sits in one of
  // four layer folders, and each layer's imports are checked: domain code depends on no outer layer
  // and on no framework; application code never on the interface that calls it, nor on adapters,
  // ORM entities or the database drivers; interface code (controllers, handlers, guards) reaches
  // persistence through the application's ports, never an adapter; adapters never call the
  // interface. No layer file imports a Nest module: modules wire the layers from above, so an
  // import of one (the app's root module above all) runs an arrow back up. Which gateway files may
  // sit outside a layer folder is fixed by tools/lint-rules/src/gateway-layout.spec.ts.
  ...layerRules(),
  prettier,
);
