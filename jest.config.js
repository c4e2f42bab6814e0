// Jest projects: unit (pure logic and the schema/migration checks), the API suite twice (real
// PostgreSQL and the embedded database), browser journeys in Debian's Chromium, and the database
// fault drills (the real server in a child process while its PostgreSQL connections are cut).
const swc = [
  "@swc/jest",
  {
    jsc: {
      parser: { syntax: "typescript", tsx: true },
      target: "es2022",
      transform: { react: { runtime: "automatic" } },
    },
    module: { type: "es6" },
  },
];

const common = {
  transform: { "^.+\\.(t|j)sx?$": swc },
  extensionsToTreatAsEsm: [".ts", ".tsx"],
  testEnvironment: "node",
  moduleFileExtensions: ["ts", "tsx", "js", "mjs", "json"],
  testPathIgnorePatterns: ["/node_modules/", "/dist/"],
  setupFiles: ["<rootDir>/tests/helpers/quiet-logs.ts"],
};

export default {
  // Two minutes: a browser journey of several page loads on a loaded machine (browser.ts's deadlines).
  testTimeout: 120_000,
  // Most test time is spent waiting on HTTP, the database and Chromium: two workers fit 2 cores.
  maxWorkers: 2,
  reporters: ["default", "<rootDir>/tests/helpers/summary-reporter.js"],
  projects: [
    { ...common, displayName: "unit", testMatch: ["<rootDir>/server/**/*.test.ts", "<rootDir>/common/**/*.test.ts", "<rootDir>/client/src/**/*.test.ts"] },
    {
      ...common,
      displayName: "api:postgres",
      testMatch: ["<rootDir>/tests/api/**/*.test.ts"],
      setupFiles: [...common.setupFiles, "<rootDir>/tests/helpers/use-postgres.ts"],
    },
    {
      ...common,
      displayName: "api:embedded",
      testMatch: ["<rootDir>/tests/api/**/*.test.ts"],
      // Rules that live above the database (the explorer, GraphQL's production limits and input
      // boundary, headers, the refusals before Apollo, image processing) run once, on PostgreSQL:
      // the embedded run of them tested nothing new and took about 4 minutes of a worker (CI of
      // 5562a2d and eddfc9f, 28 Nov 2026).
      testPathIgnorePatterns: [
        ...common.testPathIgnorePatterns,
        ...["explorer", "graphql-production", "input-boundary", "security-headers", "sold-out-answers", "uploads-admin", "uploads-admin-cloudinary", "uploads-images"].map((name) => `/tests/api/${name}\\.test\\.ts$`),
      ],
      setupFiles: [...common.setupFiles, "<rootDir>/tests/helpers/use-embedded.ts"],
    },
    { ...common, displayName: "e2e", testMatch: ["<rootDir>/tests/e2e/**/*.test.ts"] },
    { ...common, displayName: "faults", testMatch: ["<rootDir>/tests/faults/**/*.test.ts"] },
    // The deploy kit's topology: Debian's pgbouncer and nginx in front of real server processes.
    { ...common, displayName: "cluster", testMatch: ["<rootDir>/tests/cluster/**/*.test.ts"] },
  ],
};
