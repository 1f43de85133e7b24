import {defineConfig} from 'vitest/config'

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    reporters: ['default', './test/support/summary-reporter.ts'],
    // The CLI under test runs from dist/ (NODE_ENV=test would make oclif load src/ through tsx).
    env: {NODE_ENV: 'production'},
  },
})
