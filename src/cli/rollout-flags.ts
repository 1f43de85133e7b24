// rollout's flags, in a module of their own so that env serve takes the ones it shares as they are.
import {Flags} from '@oclif/core'
import {choiceList, namesList} from './choice-list.js'
import {ioFlags} from './flags.js'
import {llmFlags} from './llm-flags.js'
import {shardFlag} from './shard-flag.js'
import {pagesFlag} from './site-flags.js'
import {DIALECT_SUMMARIES, DIALECTS, ELEMENT_DIALECTS} from '../lib/prompts/policy-dialects.js'
import {OBSERVE_MODE_SUMMARIES, OBSERVE_MODES, modesThatShow} from '../lib/observe/observe-mode.js'
import {TRACE_MODES} from '../lib/rollout/episode-trace.js'
import {POLICIES} from '../lib/rollout/policies/create-policy.js'
import {RANDOM_ACTION_KINDS} from '../lib/rollout/policies/random.js'
import {ROLLOUT_MODES} from '../lib/rollout/scheduler.js'
import {DEFAULT_SETTLE} from '../lib/rollout/settle.js'
import {DEFAULT_FAULT_SPEC} from '../lib/sites/faults.js'

export const rolloutFlags = {
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
  'max-active': Flags.integer({
    min: 1,
    max: 4096,
    helpValue: 'N',
    description:
      'Sessions working their browser at once (loading a start page, acting, observing); the others wait their turn instead of slowing every observation once the cores are busy. Sessions waiting on the policy hold no turn [default: 8 per CPU core with local browsers, no limit with --browser-ws].',
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
      'Remote browser servers (`webgym browsers serve`) instead of local Chromium, repeatable: a ws:// endpoint; a file of endpoints, one per line, read again as it changes; or dns+ws://NAME:PORT/PATH, whose addresses are the fleet (a Kubernetes headless Service, with browsers serve --ws-path PATH). Episodes go to the least loaded server; a server that goes away loses only its episodes in flight (rollout tries them again on the others), and it is tried again.',
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
