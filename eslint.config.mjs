import next from "eslint-config-next";

// The layer map of STYLE.md and docs/decisions/0016-layer-map.md: each zone names the files (target)
// that must not import from the others (from). Paths are relative to this file, so a copy of it in a
// fixture directory (tests/lint/layer-map.test.ts) checks that directory the same way.
const root = import.meta.dirname;
const infrastructure = ["./db", "./http", "./rate-limit", "./notifications", "./env.ts", "./describe-error.ts"];
const layerZones = [
  {
    target: "./lib/contract",
    from: ["./lib/server", "./lib/api", "./lib/i18n", "./lib/hooks", "./components", "./app", "./scripts"],
    message: "lib/contract holds zod schemas only.",
  },
  {
    target: "./lib/api",
    from: ["./lib/server", "./lib/hooks", "./components", "./app", "./scripts"],
    message: "lib/api (browser code) may import lib/contract and lib/i18n, never lib/server.",
  },
  {
    target: "./components",
    from: ["./lib/server", "./app", "./scripts"],
    message: "components may import components, lib/api, lib/contract, lib/i18n and lib/hooks, never lib/server.",
  },
  {
    target: ["./lib/i18n", "./lib/hooks"],
    from: ["./lib/server", "./lib/api", "./components", "./app", "./scripts"],
    message: "lib/i18n and lib/hooks sit below the features.",
  },
  {
    target: ["./lib/edge", "./lib/text", "./lib/brand"],
    from: ["./lib/server", "./lib/api", "./lib/hooks", "./lib/browser", "./components", "./app", "./scripts"],
    message:
      "lib/edge (what proxy.ts and server.mjs answer before a page renders), lib/text and lib/brand sit below the pages and the server: they import lib/i18n, lib/text and each other only.",
  },
  {
    target: "./lib/browser",
    from: ["./lib/server", "./app", "./scripts"],
    message: "lib/browser holds browser-only helpers (the toast, the install prompt): never lib/server.",
  },
  {
    target: "./lib/server",
    from: ["./lib/api", "./lib/hooks", "./components", "./app", "./scripts"],
    message: "lib/server never imports browser code, pages or scripts.",
  },
  {
    target: infrastructure.map((dir) => `./lib/server/${dir.slice(2)}`),
    from: "./lib/server",
    except: infrastructure,
    message: "Infrastructure (lib/server/db, http, rate-limit, notifications) never imports a feature.",
  },
  {
    target: "./app/v3",
    from: ["./components", "./lib/api", "./lib/hooks"],
    message: "A v3 handler calls lib/server with lib/contract's schemas.",
  },
  { target: "./app", from: "./scripts", message: "Pages never import scripts/ (scripts sit on top)." },
];

const config = [
  ...next,
  {
    ignores: [
      ".next/**",
      ".next-*/**",
      "scripts/lighthouse/bare/.next/**",
      ".data*/**",
      "node_modules/**",
      "drizzle/**",
      "public/**",
      "coverage/**",
      "test-results/**",
      "playwright-report/**",
      "next-env.d.ts",
    ],
  },
  {
    files: ["**/*.{ts,tsx,mjs}"],
    // Packages are never part of a cycle of ours; without this no-cycle parses their bundles too.
    settings: { "import/ignore": ["node_modules"] },
    rules: { "import/no-cycle": ["error", { ignoreExternal: true }] },
  },
  {
    // Tests sit on top with scripts/: a test may import whatever it checks.
    files: ["**/*.{ts,tsx,mjs}"],
    ignores: ["**/*.test.ts", "**/*.test.tsx", "tests/**", "e2e/**", "scripts/**"],
    rules: { "import/no-restricted-paths": ["error", { basePath: root, zones: layerZones }] },
  },
  {
    // One shape end to end: pages and components reach the API only through lib/api/<feature>.ts,
    // whose functions take and return the contract's types. robots.ts names /v3/ to keep crawlers out.
    files: ["components/**/*.{ts,tsx}", "app/**/*.{ts,tsx}"],
    ignores: ["app/v3/**", "app/robots.ts", "**/*.test.ts", "**/*.test.tsx"],
    rules: {
      "no-restricted-syntax": [
        "error",
        { selector: "Literal[value=/^\\/(v3|client)\\//]", message: "No API URL in a component or page: call a typed function of lib/api/<feature>.ts." },
        {
          selector: "TemplateElement[value.raw=/^\\/(v3|client)\\//]",
          message: "No API URL in a component or page: call a typed function of lib/api/<feature>.ts.",
        },
        { selector: "ImportExpression[source.value='@/lib/api/client']", message: "Call a typed function of lib/api/<feature>.ts (they load axios lazily)." },
      ],
      "no-restricted-imports": [
        "error",
        { paths: [{ name: "@/lib/api/client", importNames: ["api", "fetcher"], message: "Call a typed function of lib/api/<feature>.ts, not axios." }] },
      ],
    },
  },
  {
    // useTestDb() is a Jest helper, not a React hook.
    files: ["**/*.test.ts", "**/*.test.tsx", "tests/**/*.ts"],
    rules: { "react-hooks/rules-of-hooks": "off" },
  },
];

export default config;
