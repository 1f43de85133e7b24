import {Args, Flags} from '@oclif/core'
import {BaseCommand} from '../../cli/base-command.js'
import {episodeSettingsFromFlags} from '../../cli/episode-flags.js'
import {flagNames} from '../../cli/flag-names.js'
import {judgeClientFromFlags, judgeFlags} from '../../cli/judge-flags.js'
import {rolloutFlags} from '../../cli/rollout-flags.js'
import {ioFlags} from '../../cli/flags.js'
import {llmFlags} from '../../cli/llm-flags.js'
import {SignalStop} from '../../cli/rollout-signals.js'
import {fixtureWebFromFlags} from '../../cli/site-flags.js'
import {SCREENSHOT_DELIVERIES} from '../../lib/env/env-observation.js'
import {serveEnv} from '../../lib/env/serve-env.js'
import {UsageError} from '../../lib/errors.js'
import {JUDGES} from '../../lib/judge/run-judge.js'
import {observeMode} from '../../lib/observe/observe-mode.js'
import {POLICY_DIALECTS} from '../../lib/prompts/policy-dialects.js'
import {checkDialectFitsObservation} from '../../lib/rollout/policies/create-policy.js'

// The flags env serve shares with rollout and judge are theirs, taken as they are: the same flag means the same thing.

export default class EnvServe extends BaseCommand<typeof EnvServe> {
  static summary = 'Serve webgym episodes to an RL trainer as an OpenEnv environment (HTTP and WebSocket).'
  static description = `An OpenEnv environment server (the messages, routes and error codes of OpenEnv's reference server, so its EnvClient and TRL harness work unchanged) in front of the browser pool: each WebSocket session at /ws is one environment, and the trainer drives it step by step from its own loop. It prints its address on stderr and serves until SIGINT/SIGTERM.

reset {task_id} runs that task of the served files; {task: {...}} runs a whole task record; {} the next served task, {seed: N} the one N draws; {prompt: true} adds to every observation the chat messages webgym's --dialect would send the model. The reply is the first settled observation: the screenshot the model is shown (base64 JPEG, or a URL on /artefacts/ with --screenshot url), the --observe mode's text, url, title, goal, last_action_error, last_action_no_effect, memory and the settle fields. step {action: {name: "left_click", coordinate: [x, y]}} acts in webgym's vocabulary; step {reply: "..."} (or action_str) is the model's raw reply, read by --dialect exactly as rollout reads it. Each step answers with the next observation, reward 0 and done false, until the episode ends as rollout's do (answer, horizon, stuck, blocked, error: the typed cause is in metadata): then done true and the reward, from the fixture web's check or the reference answer (--judge programmatic) or the rubric judge (--judge llm, with judge's flags). state gives the episode id, task, step count and url.

Every episode that ends is appended to the trajectory file (-o, else stdout) in rollout's record shape (run.policy env), so judge, filter, eval, view and train read env-driven runs. A session over --max-sessions gets CAPACITY_REACHED; a message that is not JSON INVALID_JSON, an unknown type UNKNOWN_TYPE, a bad field VALIDATION_ERROR (naming it), a step with no episode waiting EXECUTION_ERROR; none of them ends the session. close, a dropped connection, and --idle-timeout seconds without a message end the session's episode as aborted (written, as rollout writes an episode it stops) and free its browser context. The first SIGINT/SIGTERM takes no new episodes, gives those running --grace seconds (default 0), then ends them as aborted, writes them and exits 0.

Tasks on the fixture web start it unless --sites points at a running one, as rollout does. Settling, the navigation guard and egress proxy, the blocklist, browser restarts and remote browsers (--browser-ws) work as in rollout; a browser lost mid-episode ends that episode as error (browser-lost), since its client has seen its pages.`

  static examples = [
    'webgym sites tasks | head -64 > tasks.ndjson && <%= config.bin %> env serve tasks.ndjson --port 8070 --max-sessions 16 -o traj.ndjson',
    '<%= config.bin %> env serve train.ndjson --observe som --dialect som --screenshot url --idle-timeout 120 -o traj.ndjson',
    'WEBGYM_JUDGE_MODEL=Qwen/Qwen3-VL-32B-Instruct <%= config.bin %> env serve live.ndjson --judge llm --base-url http://judge:8000/v1 -o traj.ndjson',
  ]

  static strict = false
  static args = {
    files: Args.string({
      ignoreStdin: true,
      description: 'Task record files to serve (NDJSON, optionally .gz); - or none for stdin',
    }),
  }

  static flags = {
    port: Flags.integer({
      default: 8070,
      min: 0,
      max: 65_535,
      helpValue: 'N',
      description: 'TCP port; 0 picks a free one.',
    }),
    host: Flags.string({
      default: '127.0.0.1',
      helpValue: 'ADDR',
      description: 'Interface to listen on (0.0.0.0 for trainers on other machines).',
    }),
    'max-sessions': Flags.integer({
      default: 8,
      min: 1,
      max: 4096,
      helpValue: 'N',
      description: 'WebSocket sessions (environments) at once; one more gets CAPACITY_REACHED.',
    }),
    'idle-timeout': Flags.integer({
      default: 300,
      min: 1,
      helpValue: 'SECONDS',
      description:
        'A session that sends nothing for this long while the server waits for it is closed, its episode ended as aborted.',
    }),
    screenshot: Flags.option({
      options: SCREENSHOT_DELIVERIES,
      default: 'inline' as const,
      description:
        'How observations carry the screenshot: inline (base64 JPEG), url (a URL on the server, /artefacts/<sha256>.jpg) or none.',
    })(),
    dialect: rolloutFlags.dialect,
    observe: rolloutFlags.observe,
    memory: rolloutFlags.memory,
    window: rolloutFlags.window,
    browsers: Flags.integer({
      min: 1,
      max: 256,
      helpValue: 'N',
      description: 'Local Chromium processes the sessions are spread over [default: min(4, --max-sessions)].',
    }),
    'browser-ws': rolloutFlags['browser-ws'],
    viewport: rolloutFlags.viewport,
    horizon: rolloutFlags.horizon,
    'max-repeats': rolloutFlags['max-repeats'],
    'max-action-errors': rolloutFlags['max-action-errors'],
    'step-timeout': rolloutFlags['step-timeout'],
    'episode-timeout': rolloutFlags['episode-timeout'],
    'navigation-timeout': rolloutFlags['navigation-timeout'],
    'settle-timeout': rolloutFlags['settle-timeout'],
    'settle-quiet': rolloutFlags['settle-quiet'],
    trace: rolloutFlags.trace,
    'trace-dir': rolloutFlags['trace-dir'],
    'jpeg-quality': rolloutFlags['jpeg-quality'],
    shots: rolloutFlags.shots,
    seed: llmFlags.seed,
    grace: Flags.integer({
      default: 0,
      min: 0,
      helpValue: 'SECONDS',
      description: 'On SIGINT/SIGTERM, time the running episodes get to finish before they are ended as aborted.',
    }),
    sites: rolloutFlags.sites,
    'sites-token': rolloutFlags['sites-token'],
    'fixture-faults': rolloutFlags['fixture-faults'],
    pages: rolloutFlags.pages,
    'allow-host': rolloutFlags['allow-host'],
    blocklist: rolloutFlags.blocklist,
    'block-after': rolloutFlags['block-after'],
    judge: Flags.option({
      options: JUDGES,
      default: 'programmatic' as const,
      description:
        "The reward at an episode's end. programmatic: the fixture web's check, else the reference answer by plain matching; llm: the rubric judge of `webgym judge` (a vision model at --base-url).",
    })(),
    'base-url': llmFlags['base-url'],
    'api-key': llmFlags['api-key'],
    model: judgeFlags.model,
    timeout: llmFlags.timeout,
    'max-retries': llmFlags['max-retries'],
    'max-retry-wait': llmFlags['max-retry-wait'],
    temperature: llmFlags.temperature,
    'json-schema': llmFlags['json-schema'],
    cache: llmFlags.cache,
    'no-cache': llmFlags['no-cache'],
    'select-model': judgeFlags['select-model'],
    'max-images': judgeFlags['max-images'],
    'select-threshold': judgeFlags['select-threshold'],
    votes: judgeFlags.votes,
    'image-width': judgeFlags['image-width'],
    'select-image-width': judgeFlags['select-image-width'],
    ...ioFlags,
  }

  async run(): Promise<void> {
    const {flags} = this
    const observe = observeMode(flags.observe)
    const dialect = POLICY_DIALECTS[flags.dialect]
    checkDialectFitsObservation(flags.dialect, dialect, observe)
    const episode = episodeSettingsFromFlags(flags, observe)
    if (flags.sites !== undefined && !URL.canParse(flags.sites))
      throw new UsageError(
        `--sites is not a URL: "${flags.sites}"`,
        'pass the url that `webgym sites serve` prints, e.g. http://127.0.0.1:8040',
      )
    const client = judgeClientFromFlags(flags, this.reporter)
    const maxSessions = flags['max-sessions']
    const signals = new SignalStop({graceMs: flags.grace * 1000, reporter: this.reporter}).listen()
    try {
      await serveEnv(
        {
          tasks: {files: this.positionals, invalid: this.invalidRecords(), maxLineBytes: flags['max-line-bytes']},
          world: {
            browsers: {local: flags.browsers ?? Math.min(4, maxSessions), endpoints: flags['browser-ws'] ?? []},
            episode,
            fixtureWeb: fixtureWebFromFlags(flags),
            guard: {
              allowHosts: flags['allow-host'] ?? [],
              blocklist: flags.blocklist,
              blockAfter: flags['block-after'],
            },
            output: {file: flags.output, shots: flags.shots},
          },
          server: {
            host: flags.host,
            port: flags.port,
            maxSessions,
            idleTimeoutMs: flags['idle-timeout'] * 1000,
            screenshot: flags.screenshot,
            dialect,
            prompt: {useMemory: flags.memory, window: flags.window},
            seed: flags.seed,
          },
          reward: {
            judge: flags.judge,
            client,
            selectModel: flags['select-model'],
            maxImages: flags['max-images'],
            selectThreshold: flags['select-threshold'],
            votes: flags.votes,
            imageWidth: flags['image-width'],
            selectImageWidth: flags['select-image-width'],
            concurrency: maxSessions,
          },
          reporter: this.reporter,
          names: flagNames,
          // The address is what the server is for: shown even with --quiet.
          onListening: ({url, ws, tasks, maxSessions: max}) =>
            process.stderr.write(
              `webgym: env serve: listening on ${url} (OpenEnv WebSocket ${ws}), ${tasks} tasks, at most ${max} sessions\n`,
            ),
        },
        signals.stop as Required<typeof signals.stop>,
      )
    } finally {
      signals.dispose()
    }
  }
}
