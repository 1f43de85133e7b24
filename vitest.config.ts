import {readdirSync} from 'node:fs'
import {defineConfig, type TestProjectInlineConfiguration} from 'vitest/config'

// The suite in four tiers by cost, run in this order (sequence.groupOrder), each file in exactly one:
//   unit        pure logic in this process: no built CLI, no browser
//   cli         the built CLI as a child process (and local stand-in servers), no browser
//   browser     Chromium against the fixture web or a report: rollouts, pages, the view
//   acceptance  the long statistical and fault tests, and the Slurm cluster
// `npm test` runs unit and cli (between edits); `npm run test:all` runs all four (the README's test line, CI).
// A new test file goes in the list of what it starts; one in no list stops the run here.
const tiers = {
  unit: [
    'actions.units',
    'answers.normalise',
    'bench.lock-step',
    'decompose.property',
    'env.protocol',
    'eval.statistics',
    'export.parquet-writer',
    'filter.units',
    'html-builder.units',
    'io.bytes',
    'judge.units',
    'llm.batch',
    'llm.client',
    'messages.units',
    'observe.units',
    'pages.corpus',
    'progress',
    'records.units',
    'rollout.blocklist',
    'rollout.coordinates',
    'rollout.dialect',
    'rollout.guard',
    'rollout.settle-units',
    'rollout.tools',
    'rollout.uitars',
    'rollout.units',
    'sites.faults',
    'sites.hazards',
    'sites.server',
    'sites.units',
    'sources.units',
    'split.check',
    'split.property',
    'split.route',
    'standin',
    'view.data',
    'view.units',
  ],
  cli: [
    'bad-input.files',
    'bad-input.records',
    'bad-input.usage',
    'build.workers',
    'classify.cli',
    'decompose.cli',
    'deploy.files',
    'duplicates.cli',
    'export.lossless',
    'export.roundtrip',
    'filter.cli',
    'filter.parquet',
    'help.cli',
    'judge.eval',
    'judge.facts',
    'judge.llm',
    'llm.rubric',
    'messages.flags',
    'pages.server',
    'pages.tasks',
    'policy.reload',
    'resume.refusals',
    'shard',
    'sites.cli',
    'sources.adapters',
    'sources.build',
    'sources.rubrics',
    'split.cli',
    'split.coverage',
    'stats-schema.cli',
    'train.launch',
    'trainer.python',
  ],
  browser: [
    'browser.flags.browser',
    'disk-full',
    'egress.proxy',
    'env.faults',
    'env.serve',
    'judge.programmatic',
    'llm.faults',
    'llm.servers',
    'pages.browser',
    'resume.gzip',
    'rollout.admission.browser',
    'rollout.cli',
    'rollout.egress',
    'rollout.fleet',
    'rollout.library',
    'rollout.observe',
    'rollout.openai',
    'rollout.oracle',
    'rollout.oracle-modes',
    'rollout.outcomes',
    'rollout.parity-matrix',
    'rollout.samples',
    'rollout.scroll.browser',
    'rollout.settle-probe',
    'rollout.tools.browser',
    'rollout.uitars.browser',
    'sites.browser',
    'train.data',
    'view.browser',
    'view.runs.browser',
    'view.scale.browser',
  ],
  acceptance: [
    'demo.nightly',
    'eval',
    'pages.oracle',
    'records.bounded',
    'rollout.lifecycle',
    'rollout.real-pages',
    'rollout.settle',
    'sites.solutions',
    'slurm.cluster',
    'slurm.rollout',
  ],
}
type Tier = keyof typeof tiers

/** Stops the run when a test file is in no tier or in two. */
function checkTiers(): void {
  const files = readdirSync(new URL('test', import.meta.url)).filter((name) => name.endsWith('.test.ts'))
  const listed = Object.values(tiers).flat()
  const twice = listed.filter((name, i) => listed.indexOf(name) !== i)
  const missing = files.map((name) => name.replace(/\.test\.ts$/, '')).filter((name) => !listed.includes(name))
  const gone = listed.filter((name) => !files.includes(`${name}.test.ts`))
  const problems = [
    ...missing.map((name) => `test/${name}.test.ts is in no tier`),
    ...twice.map((name) => `${name} is in two tiers`),
    ...gone.map((name) => `${name} is listed in a tier but test/${name}.test.ts does not exist`),
  ]
  if (problems.length > 0)
    throw new Error(`vitest.config.ts: ${problems.join('; ')}: each test file goes in exactly one list of \`tiers\``)
}
checkTiers()

// Global setups: the built CLI checked once (present, newer than src/); one fixture web and Chromium for the tier.
const builtCli = './test/helpers/built-cli.global.ts'
const fixtureBrowser = './test/helpers/fixture-browser.global.ts'

const tier = (name: Tier, test: TestProjectInlineConfiguration['test']): TestProjectInlineConfiguration => ({
  extends: true,
  test: {name, include: tiers[name].map((file) => `test/${file}.test.ts`), ...test},
})

export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // expect.poll waits for a state (a record written, a request seen), never times it: on a loaded machine the
    // default second is too short to reach a state that is right.
    expect: {poll: {timeout: 30_000}},
    pool: 'forks',
    reporters: ['default', './test/helpers/summary-reporter.ts'],
    // The CLI under test runs from dist/ (NODE_ENV=test would make oclif load src/ through tsx).
    env: {NODE_ENV: 'production'},
    projects: [
      tier('unit', {sequence: {groupOrder: 0}, maxWorkers: 2}),
      tier('cli', {sequence: {groupOrder: 1}, maxWorkers: 2, globalSetup: [builtCli]}),
      // Two browser files at a time keep both cores busy through each one's waits (settle windows, timeouts, a
      // server's replies): the tier took 14m47s against 18m02s one at a time, on the same quiet machine.
      tier('browser', {sequence: {groupOrder: 2}, maxWorkers: 2, globalSetup: [builtCli, fixtureBrowser]}),
      // Two at a time as well: the tier took 19m22s against 23m05s one at a time (1.82 of the 2 cores busy), every
      // claim about settling under load kept (load beside a file only makes its waits harder to get right).
      tier('acceptance', {sequence: {groupOrder: 3}, maxWorkers: 2, globalSetup: [builtCli, fixtureBrowser]}),
    ],
  },
})
