/** @type {import("jest").Config} */

const swc = [
  "@swc/jest",
  {
    jsc: {
      parser: { syntax: "typescript", tsx: true },
      transform: { react: { runtime: "automatic" } },
      target: "es2022",
    },
    module: { type: "commonjs" },
  },
];

const shared = {
  transform: { "^.+\\.(t|j)sx?$": swc },
  moduleNameMapper: {
    "^server-only$": "<rootDir>/jest/empty.cjs",
    "\\.(css)$": "<rootDir>/jest/empty.cjs",
    "^@/(.*)$": "<rootDir>/$1",
    // eld exports its entries for `import` only; Jest resolves for `require`.
    "^eld/extrasmall$": "<rootDir>/node_modules/eld/src/entries/static.extrasmall.js",
  },
  // ESM-only packages that Jest must transform to CommonJS.
  transformIgnorePatterns: ["/node_modules/(?!(jose|next-i18next|eld)/)"],
  testPathIgnorePatterns: ["/node_modules/", "/e2e/", "/.next"],
  modulePathIgnorePatterns: ["<rootDir>/.next"],
};

const config = {
  testSequencer: "<rootDir>/jest/sequencer.cjs",
  projects: [
    {
      ...shared,
      displayName: "unit",
      testEnvironment: "node",
      testMatch: ["<rootDir>/**/*.test.ts", "<rootDir>/**/*.test.tsx"],
      testPathIgnorePatterns: [...shared.testPathIgnorePatterns, "\\.db\\.test\\.ts$"],
      setupFilesAfterEnv: ["<rootDir>/jest/setup.ts"],
    },
    {
      ...shared,
      displayName: "db",
      testEnvironment: "node",
      testMatch: ["<rootDir>/**/*.db.test.ts"],
      setupFilesAfterEnv: ["<rootDir>/jest/setup.ts"],
    },
  ],
};

export default config;
