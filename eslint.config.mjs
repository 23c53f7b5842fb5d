import next from "eslint-config-next";

const config = [
  ...next,
  {
    ignores: [".next/**", ".next-*/**", ".data*/**", "node_modules/**", "drizzle/**", "public/**", "coverage/**", "test-results/**", "playwright-report/**", "next-env.d.ts"],
  },
  {
    rules: {
      // Client code must never reach the server's modules (they import "server-only").
      "no-restricted-imports": ["error", { patterns: [{ group: ["@/app/*"], message: "lib/ and components/ never import from app/." }] }],
    },
    files: ["lib/**/*.{ts,tsx}", "components/**/*.{ts,tsx}"],
  },
  {
    // useTestDb() is a Jest helper, not a React hook.
    files: ["**/*.test.ts", "**/*.test.tsx", "tests/**/*.ts"],
    rules: { "react-hooks/rules-of-hooks": "off" },
  },
];

export default config;
