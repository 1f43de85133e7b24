import {writeFile} from 'node:fs/promises'
import {Args, Flags} from '@oclif/core'
import {BaseCommand} from '../cli/base-command.js'
import {choiceList, namesList} from '../cli/choice-list.js'
import {episodeSettingsFromFlags} from '../cli/episode-flags.js'
import {flagNames} from '../cli/flag-names.js'
import {ioFlags} from '../cli/flags.js'
import {llmClientFromFlags, llmFlags} from '../cli/llm-flags.js'
import {shardFlag, shardFromFlag} from '../cli/shard-flag.js'
import {SignalStop} from '../cli/rollout-signals.js'
import {pagesFlag, parseFaultFlag} from '../cli/site-flags.js'
import {UsageError} from '../lib/errors.js'
import {writeText} from '../lib/io/write-text.js'
import {DIALECT_SUMMARIES, DIALECTS, ELEMENT_DIALECTS} from '../lib/prompts/policy-dialects.js'
import {OBSERVE_MODE_SUMMARIES, OBSERVE_MODES, modesThatShow, observeMode} from '../lib/observe/observe-mode.js'
import {TRACE_MODES} from '../lib/rollout/episode-trace.js'
import {createPolicy, POLICIES} from '../lib/rollout/policies/create-policy.js'
import {POLICY_SUMMARIES} from '../lib/rollout/policies/policy-summaries.js'
import {RANDOM_ACTION_KINDS, type RandomActionKind} from '../lib/rollout/policies/random.js'
import {runRollout, type RolloutOptions, type RolloutSummary} from '../lib/rollout/run-rollout.js'
import {ROLLOUT_MODES} from '../lib/rollout/scheduler.js'
import {DEFAULT_SETTLE} from '../lib/rollout/settle.js'
import {DEFAULT_FAULT_SPEC} from '../lib/sites/faults.js'

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

  static flags = {
    policy: Flags.option({options: POLICIES, default: 'openai' as const, description: 'Who chooses the actions.'})(),
    'base-url': llmFlags['base-url'],
    'api-key': llmFlags['api-key'],
    model: llmFlags.model,
    timeout: llmFlags.timeout,
    'max-retries': llmFlags['max-retries'],
    'max-retry-wait': llmFlags['max-retry-wait'],
    temperature: Flags.string({default: '0', helpValue: 'T', description: 'Sampling temperature of the policy model.'}),
    dialect: Flags.option({
      options: DIALECTS,
      default: 'qwen3vl' as const,
      description: `How the policy model is prompted and its reply read: ${choiceList(DIALECT_SUMMARIES)}. ${namesList(ELEMENT_DIALECTS)} needs an --observe mode with element ids.`,
    })(),
    observe: Flags.option({
      options: OBSERVE_MODES,
      default: 'screenshot' as const,
      description: `What the policy is shown at each step: ${choiceList(OBSERVE_MODE_SUMMARIES, '; ')}. Element ids are those of the step's observation; the oracle acts through them in modes with element ids (${namesList(modesThatShow('elements'))}).`,
    })(),
    memory: Flags.boolean({
      default: true,
      allowNo: true,
      description: "Carry the model's Memory notes from step to step (--no-memory to turn off).",
    }),
    window: Flags.integer({
      default: 4,
      min: 1,
      max: 32,
      helpValue: 'N',
      description: 'Rounds sent with their screenshots (older rounds go as text lines).',
    }),
    'max-tokens': Flags.integer({default: 1024, min: 16, helpValue: 'N', description: 'Longest policy reply.'}),
    'random-actions': Flags.string({
      helpValue: 'KIND,...',
      description: `random: the action kinds drawn from (${RANDOM_ACTION_KINDS.join(', ')}) [default: all of them].`,
    }),
    'oracle-noise': Flags.string({
      default: '0',
      helpValue: 'P',
      description: 'oracle: probability of a random action in place of the next solution step.',
    }),
    replay: Flags.string({helpValue: 'FILE', description: 'replay: trajectories whose actions are executed again.'}),
    mode: Flags.option({
      options: ROLLOUT_MODES,
      default: 'async' as const,
      description: 'async: no step or episode barrier; sync: lock-step batches (the baseline).',
    })(),
    concurrency: Flags.integer({
      default: 8,
      min: 1,
      max: 4096,
      helpValue: 'N',
      description: 'Episodes running at once.',
    }),
    'max-inflight': Flags.integer({
      min: 1,
      max: 4096,
      helpValue: 'N',
      description: 'Policy requests in flight at once [default: --concurrency].',
    }),
    browsers: Flags.integer({
      min: 1,
      max: 256,
      helpValue: 'N',
      description: 'Local Chromium processes the sessions are spread over [default: min(4, --concurrency)].',
    }),
    'browser-ws': Flags.string({
      multiple: true,
      multipleNonGreedy: true,
      helpValue: 'URL|FILE',
      description:
        'Remote browser servers (`webgym browsers serve`) instead of local Chromium, repeatable: a ws:// endpoint; a file of endpoints, one per line, read again as it changes; or dns+ws://NAME:PORT/PATH, whose addresses are the fleet (a Kubernetes headless Service, with browsers serve --ws-path PATH). Episodes go to the least loaded server; a server that goes away loses only its episodes in flight, which are tried again on the others (--retries), and it is tried again.',
    }),
    viewport: Flags.string({
      default: '1280x768',
      helpValue: 'WxH',
      description: 'Viewport in CSS pixels (multiples of 32 suit Qwen3-VL).',
    }),
    horizon: Flags.string({
      default: '10,20,30',
      helpValue: 'N|E,M,H',
      description: 'Step cap: one number, or easy,medium,hard by task level (unknown level: medium).',
    }),
    'max-repeats': Flags.integer({
      default: 3,
      min: 1,
      helpValue: 'N',
      description: 'Repeated no-effect actions in a row that end an episode as stuck.',
    }),
    'max-action-errors': Flags.integer({
      default: 3,
      min: 1,
      helpValue: 'N',
      description: 'Unusable policy replies in a row that end an episode as error.',
    }),
    'step-timeout': Flags.integer({
      default: 60,
      min: 1,
      helpValue: 'SECONDS',
      description: 'Limit on observing or acting in one step.',
    }),
    'episode-timeout': Flags.integer({
      default: 900,
      min: 1,
      helpValue: 'SECONDS',
      description: 'Limit on one episode.',
    }),
    'navigation-timeout': Flags.integer({
      default: 30,
      min: 1,
      helpValue: 'SECONDS',
      description: 'Limit on a page load.',
    }),
    'settle-timeout': Flags.string({
      default: String(DEFAULT_SETTLE.timeoutMs / 1000),
      helpValue: 'SECONDS',
      description:
        'Longest wait for a page to settle before it is observed (0: observe as soon as a navigation has loaded).',
    }),
    'settle-quiet': Flags.integer({
      default: DEFAULT_SETTLE.quietMs,
      min: 0,
      max: 10_000,
      helpValue: 'MS',
      description: 'How long network and page must stay quiet to count as settled.',
    }),
    ...shardFlag,
    samples: Flags.integer({
      default: 1,
      min: 1,
      max: 1000,
      helpValue: 'K',
      description: 'Episodes per task, each an attempt with its own seed (pass@k, group baselines).',
    }),
    trace: Flags.option({
      options: TRACE_MODES,
      default: 'none' as const,
      description: 'Keep a Playwright trace of no episode, of those that did not answer, or of all.',
    })(),
    'trace-dir': Flags.string({
      default: 'traces',
      helpValue: 'DIR',
      description: 'Where --trace writes its <trajectory id>.trace.zip files.',
    }),
    retries: Flags.integer({
      default: 2,
      min: 0,
      max: 10,
      helpValue: 'N',
      description: 'Times an episode is tried again when its browser crashes or hangs.',
    }),
    'jpeg-quality': Flags.integer({
      default: 80,
      min: 10,
      max: 100,
      helpValue: 'Q',
      description: 'Screenshot JPEG quality.',
    }),
    shots: Flags.string({
      default: 'shots',
      helpValue: 'DIR',
      description: 'Content-addressed screenshot store (<sha256>.jpg, referenced from each step).',
    }),
    seed: Flags.integer({
      default: 0,
      helpValue: 'N',
      description: 'Seed of the random and oracle policies and of the model requests.',
    }),
    resume: Flags.string({
      helpValue: 'FILE',
      description:
        'Append to FILE, rolling out only the tasks it does not hold (its aborted and error episodes are redone).',
    }),
    summary: Flags.string({
      helpValue: 'FILE',
      description: 'Write a JSON summary at the end: steps/s, episodes by status, p50/p95 timings, browser restarts.',
    }),
    // No default: oclif checks the relationship of any flag with a value.
    json: Flags.boolean({
      description:
        'Print the JSON summary on stdout at the end (with -o or --resume: stdout carries the trajectories otherwise).',
      relationships: [{type: 'some', flags: ['output', 'resume']}],
    }),
    grace: Flags.integer({
      default: 10,
      min: 0,
      helpValue: 'SECONDS',
      description: 'On SIGINT/SIGTERM, time the episodes in flight get to finish.',
    }),
    sites: Flags.string({
      helpValue: 'URL',
      description: 'A running fixture web (`webgym sites serve`) instead of starting one.',
    }),
    'sites-token': Flags.string({
      env: 'WEBGYM_SITES_TOKEN',
      helpValue: 'TOKEN',
      description: 'Control token of the --sites fixture web, for the end-of-episode check.',
    }),
    'fixture-faults': Flags.string({
      helpValue: 'SPEC',
      description: `Faults and hazards of the fixture web the rollout starts itself, as \`sites serve --faults\` [default: ${DEFAULT_FAULT_SPEC}].`,
    }),
    ...pagesFlag,
    'allow-host': Flags.string({
      multiple: true,
      multipleNonGreedy: true,
      helpValue: 'HOST',
      description: 'Let the agent visit this host though the guard forbids it (host, host:port, *.suffix or IP).',
    }),
    blocklist: Flags.string({
      helpValue: 'FILE',
      description: 'Websites not to visit, one per line; websites that block the agent during the run are added.',
    }),
    'block-after': Flags.integer({
      default: 3,
      min: 1,
      helpValue: 'N',
      description: 'Blocked pages or failed loads of a website before it is blocklisted.',
    }),
    ...ioFlags,
  }

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
        retries: flags.retries,
        seed: flags.seed,
      },
      browsers: {local: flags.browsers ?? Math.min(4, concurrency), endpoints: flags['browser-ws'] ?? []},
      episode,
      fixtureWeb: {
        url: flags.sites,
        token: flags['sites-token'],
        faults:
          flags['fixture-faults'] === undefined
            ? undefined
            : parseFaultFlag('--fixture-faults', flags['fixture-faults']),
        pages: flags.pages,
      },
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
