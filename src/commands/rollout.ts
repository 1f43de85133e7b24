import {writeFile} from 'node:fs/promises'
import {availableParallelism} from 'node:os'
import {Args} from '@oclif/core'
import {BaseCommand} from '../cli/base-command.js'
import {choiceList} from '../cli/choice-list.js'
import {episodeSettingsFromFlags} from '../cli/episode-flags.js'
import {flagNames} from '../cli/flag-names.js'
import {rolloutFlags} from '../cli/rollout-flags.js'
import {llmClientFromFlags} from '../cli/llm-flags.js'
import {shardFromFlag} from '../cli/shard-flag.js'
import {SignalStop} from '../cli/rollout-signals.js'
import {fixtureWebFromFlags} from '../cli/site-flags.js'
import {UsageError} from '../lib/errors.js'
import {writeText} from '../lib/io/write-text.js'
import {observeMode} from '../lib/observe/observe-mode.js'
import {createPolicy} from '../lib/rollout/policies/create-policy.js'
import {POLICY_SUMMARIES} from '../lib/rollout/policies/policy-summaries.js'
import {RANDOM_ACTION_KINDS, type RandomActionKind} from '../lib/rollout/policies/random.js'
import {
  ACTIVE_SESSIONS_PER_CORE,
  runRollout,
  type RolloutOptions,
  type RolloutSummary,
} from '../lib/rollout/run-rollout.js'

export default class Rollout extends BaseCommand<typeof Rollout> {
  static summary = 'Roll out a policy on tasks in a pool of real Chromium sessions; trajectories on stdout.'
  static description = `Each task gets an episode in a fresh browser context (viewport 1280x768, device pixel ratio 1): the start page, then observe (wait until the page has settled, then a JPEG screenshot into the content-addressed --shots store, the URL and title) -> policy -> act, until the policy answers (status answered), the horizon is reached (horizon), the same action has no effect --max-repeats times in a row (stuck), the website is blocked (blocked), something fails for good (error) or the run is stopped (aborted); the trajectory's "cause" says why, as a kind (and the stage, for a timeout). Trajectories are written as episodes end.

Settled means: a navigation the action started (even a moment later: a script's redirect, a form sent from a handler) has committed and loaded, no document, XHR or fetch request has been in flight and nothing in the viewport has changed (DOM, layout, scrolling, images loading, animations) for --settle-quiet ms, bounded by --settle-timeout seconds (0: off); long polling and endless animations end the wait at the bound and the step records settled: false. Each step records settle_ms and settled; the summary gives their p50/p95 and the share that hit the bound.

--samples K rolls each task out K times (trajectory ids <task id>#<attempt>, a distinct seed per attempt). --trace failed|all keeps a Playwright trace of the episodes that did not answer (or of all) in --trace-dir, named after the trajectory id and listed in its "trace" (npx playwright-core show-trace FILE).

--mode async (the default) has no barrier of any kind: each of --concurrency sessions starts its next episode the moment one ends, and at most --max-inflight policy requests run at once. --mode sync is the paper's baseline: lock-step batches where every step waits for the slowest session.

Policies: ${choiceList(POLICY_SUMMARIES)}.

Tasks on the offline fixture web (*.webgym.test) start it automatically unless --sites points at a running one, and each of their episodes ends with the fixture web's programmatic check, stored in the trajectory's "check". Tasks on saved pages (*.pages.webgym.test, from \`sites tasks --pages DIR\`) need the same --pages DIR. A navigation guard refuses file:, chrome:, javascript: and data: URLs and loopback, private and link-local addresses (--allow-host lifts it for a host). SIGINT/SIGTERM: no new episodes, --grace seconds for those in flight, the rest written as aborted; rerun with --resume FILE to finish.`

  static examples = [
    'webgym sites tasks | head -50 > tasks.ndjson && <%= config.bin %> rollout --policy oracle tasks.ndjson -o traj.ndjson',
    'WEBGYM_MODEL=Qwen/Qwen3-VL-8B-Instruct <%= config.bin %> rollout --base-url http://gpu:8000/v1 --concurrency 64 --browsers 8 train.ndjson -o traj.ndjson',
    '<%= config.bin %> rollout --browser-ws ws://worker1:9400/abc --browser-ws ws://worker2:9400/def train.ndjson --resume traj.ndjson',
    '<%= config.bin %> rollout --shard 2/8 --base-url http://gpu1:8000/v1,http://gpu2:8000/v1 --browser-ws fleet.txt train.ndjson --resume traj.shard-2.ndjson',
    '<%= config.bin %> rollout --policy random --random-actions left_click --horizon 15 --summary speed.json tasks.ndjson > /dev/null',
    '<%= config.bin %> rollout --policy oracle tasks.ndjson -o traj.ndjson --json | jq .steps_per_second',
  ]

  static strict = false
  static args = {
    files: Args.string({
      ignoreStdin: true,
      description: 'Task record files (NDJSON, optionally .gz); - or none for stdin',
    }),
  }

  static flags = rolloutFlags

  async run(): Promise<void> {
    const {flags} = this
    const observe = observeMode(flags.observe)
    const episode = episodeSettingsFromFlags(flags, observe)
    const concurrency = flags.concurrency
    const oracleNoise = Number(flags['oracle-noise'])
    if (flags.policy === 'oracle' && !(oracleNoise >= 0 && oracleNoise <= 1))
      throw new UsageError(`--oracle-noise must be a probability from 0 to 1, got ${oracleNoise}`)
    if (flags.policy === 'replay' && !flags.replay)
      throw new UsageError('--policy replay needs the trajectories to replay', 'pass --replay FILE (a rollout output)')
    if (flags.sites !== undefined) assertUrl(flags.sites)
    // One count of skipped records for the tasks and the --replay trajectories alike.
    const invalid = this.invalidRecords()
    const policy = await createPolicy({
      name: flags.policy,
      client: () => llmClientFromFlags({...flags, 'json-schema': false, 'no-cache': true}, {reporter: this.reporter}),
      dialect: flags.dialect,
      observe,
      memory: flags.memory,
      window: flags.window,
      maxTokens: flags['max-tokens'],
      oracleNoise,
      randomActions: flags['random-actions'] === undefined ? undefined : parseRandomActions(flags['random-actions']),
      replay: flags.replay,
      invalid,
      names: flagNames,
    })
    const options: RolloutOptions = {
      tasks: {
        files: this.positionals,
        shard: shardFromFlag(flags.shard),
        invalid,
        maxLineBytes: flags['max-line-bytes'],
        samples: flags.samples,
      },
      output: {file: flags.output, resume: flags.resume, shots: flags.shots},
      policy,
      schedule: {
        mode: flags.mode,
        concurrency,
        maxInflight: flags['max-inflight'] ?? concurrency,
        maxActive:
          flags['max-active'] ??
          (flags['browser-ws'] ? Number.POSITIVE_INFINITY : ACTIVE_SESSIONS_PER_CORE * availableParallelism()),
        retries: flags.retries,
        seed: flags.seed,
      },
      browsers: {local: flags.browsers ?? Math.min(4, concurrency), endpoints: flags['browser-ws'] ?? []},
      episode,
      fixtureWeb: fixtureWebFromFlags(flags),
      guard: {allowHosts: flags['allow-host'] ?? [], blocklist: flags.blocklist, blockAfter: flags['block-after']},
      reporter: this.reporter,
      onSummary: (summary) => this.writeSummary(summary),
      names: flagNames,
    }
    const signals = new SignalStop({graceMs: flags.grace * 1000, reporter: this.reporter}).listen()
    try {
      const result = await runRollout(options, signals.stop)
      const interrupted = signals.interrupted(result, flags.resume ?? flags.output)
      if (interrupted) throw interrupted
    } finally {
      signals.dispose()
    }
  }

  /** The summary to the --summary file and, with --json, on stdout (free of trajectories then). */
  private async writeSummary(summary: RolloutSummary): Promise<void> {
    const json = `${JSON.stringify(summary)}\n`
    if (this.flags.summary) await writeFile(this.flags.summary, json)
    if (this.flags.json) await writeText(json)
  }
}

function assertUrl(sites: string): void {
  try {
    new URL(sites)
  } catch {
    throw new UsageError(
      `--sites is not a URL: "${sites}"`,
      'pass the url that `webgym sites serve` prints, e.g. http://127.0.0.1:8040',
    )
  }
}

function parseRandomActions(text: string): RandomActionKind[] {
  const kinds = text
    .split(',')
    .map((kind) => kind.trim())
    .filter(Boolean)
  const unknown = kinds.filter((kind) => !(RANDOM_ACTION_KINDS as readonly string[]).includes(kind))
  if (kinds.length === 0 || unknown.length > 0) {
    throw new UsageError(
      `--random-actions: ${kinds.length === 0 ? 'names no action kind' : `unknown kind ${unknown.map((kind) => `"${kind}"`).join(', ')}`}`,
      `choose from ${RANDOM_ACTION_KINDS.join(', ')}`,
    )
  }
  return kinds as RandomActionKind[]
}
