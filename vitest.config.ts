import {defineConfig} from 'vitest/config'

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // One file at a time on 2 cores (vitest's default there): two at a time was measured at 1,440 s against 1,606 s
    // serial, with every file slower (the suite is CPU-bound: Chromium and node children), and the timing-sensitive
    // browser tests then run under twice the load.
    reporters: ['default', './test/helpers/summary-reporter.ts'],
    // The CLI under test runs from dist/ (NODE_ENV=test would make oclif load src/ through tsx).
    env: {NODE_ENV: 'production'},
  },
})
