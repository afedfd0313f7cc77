// npm run lint: typescript-eslint's recommended rules and the project's own: settings only through
// server/env.ts, imports pointing down. The type-aware rules that catch real server bugs (a promise
// nobody awaits or handles) run in oxlint (.oxlintrc.json) on TypeScript 7, the type check's compiler:
// the same findings in a tenth of the time typescript-eslint's program on TypeScript 5.9 took.
import js from "@eslint/js";
import tseslint from "typescript-eslint";

const NODE_GLOBALS = { Buffer: "readonly", console: "readonly", process: "readonly", URL: "readonly" };

export default tseslint.config(
  {
    ignores: [
      ".next/**",
      ".next-*/**",
      "node_modules/**",
      "server/db/generated/**",
      "next-env.d.ts",
      "test-results/**",
      "playwright-report/**",
      "bench/results/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      "@typescript-eslint/no-unused-vars": [
        "error",
        {
          argsIgnorePattern: "^_",
          varsIgnorePattern: "^_",
          destructuredArrayIgnorePattern: "^_",
          caughtErrors: "none",
        },
      ],
      // Statement files and user text are checked for control characters on purpose.
      "no-control-regex": "off",
    },
  },
  {
    // The service's settings are read once, validated, in server/env.ts; Next's own build-time
    // constants (NODE_ENV, NEXT_RUNTIME) are not settings.
    files: ["server/**", "app/**", "components/**", "proxy.ts", "instrumentation*.ts"],
    ignores: [
      "server/env.ts",
      "**/*.test.ts",
      "**/*.test.tsx",
      "**/testing.ts",
      "**/*-testing.ts",
      "server/db/test-template.ts",
    ],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector:
            "MemberExpression[object.object.name='process'][object.property.name='env']:not([property.name=/^(NODE_ENV|NEXT_RUNTIME)$/])",
          message: "Read settings through server/env.ts (validated once at start-up).",
        },
      ],
    },
  },
  {
    // Imports point down: the domain and the database layer never run an adapter's, a router's or a
    // job's code. The domain may name an operation's input type (the resource's schemas are the
    // contract its functions take), as a type only.
    files: ["server/domain/**", "server/db/**"],
    ignores: ["**/*.test.ts", "**/testing.ts", "**/*-testing.ts"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["**/routers/**", "**/routers"],
              allowTypeImports: true,
              message: "The domain takes the input types of the resource's schemas only (import type).",
            },
            {
              group: ["**/http/**", "**/trpc/**", "**/trpc", "**/mcp/**", "**/jobs/**"],
              message: "The domain and the database layer do not import adapters or jobs.",
            },
          ],
        },
      ],
    },
  },
  {
    // Test bodies are JSON a test reads field by field.
    files: ["tests/**", "e2e/**", "bench/**", "**/*.test.ts", "**/*.test.tsx"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
  {
    files: ["**/*.mjs", "**/*.js"],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: { ...tseslint.configs.disableTypeChecked.languageOptions, globals: NODE_GLOBALS },
  },
);
