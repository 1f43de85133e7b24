import {Flags} from '@oclif/core'
import {BaseCommand} from '../cli/base-command.js'
import {runDemo} from '../cli/run-demo.js'
import {pagesFlag} from '../cli/site-flags.js'
import {UsageError} from '../lib/errors.js'
import {writeText} from '../lib/io/write-text.js'

export default class Demo extends BaseCommand<typeof Demo> {
  static summary =
    'Run the whole pipeline on the offline fixture web: tasks, split, rollout, judge, filter, train --dry-run, view.'
  static description = `The main job on embedded defaults, each stage the CLI itself run as a child process: the fixture web's tasks (4 sites per family), split by website into train and an out-of-distribution test set (--test-tasks websites), a rollout of --train-tasks train tasks and every test task in Chromium (the oracle with --noise, or the openai policy when OPENAI_BASE_URL and WEBGYM_MODEL are set), judging (programmatic from the fixture web's checks, or the LLM judge when WEBGYM_JUDGE_MODEL is set), filter --success --drop-repeated-steps on the train side, train --dry-run (the LLaMA-Factory dataset, config and command), and the HTML report. Each stage prints its own summary on stderr; the end says the success rates and where everything is. --json prints the summary as JSON on stdout.`

  static examples = [
    '<%= config.bin %> demo',
    '<%= config.bin %> demo --out /tmp/demo --train-tasks 48 --noise 0.5',
    'OPENAI_BASE_URL=http://gpu:8000/v1 WEBGYM_MODEL=Qwen/Qwen3-VL-8B-Instruct <%= config.bin %> demo --out demo-vllm',
    '<%= config.bin %> demo --pages fixtures/real-pages    # the saved real pages and their questions join the fixture web',
  ]

  static flags = {
    out: Flags.string({default: 'demo-out', helpValue: 'DIR', description: 'Where every file of the run goes.'}),
    'train-tasks': Flags.integer({
      default: 24,
      min: 1,
      max: 2000,
      helpValue: 'N',
      description: 'Train tasks to roll out (spread over the train side).',
    }),
    'test-tasks': Flags.integer({
      default: 8,
      min: 1,
      max: 200,
      helpValue: 'N',
      description: 'Held-out test websites, one task each.',
    }),
    noise: Flags.string({
      default: '0.3',
      helpValue: 'P',
      description: 'The oracle policy takes a random action with probability P (realistic failures).',
    }),
    concurrency: Flags.integer({default: 4, min: 1, max: 64, helpValue: 'N', description: 'Episodes at once.'}),
    seed: Flags.integer({
      default: 0,
      helpValue: 'N',
      description: 'Seed of the fixture web, the split and the rollout.',
    }),
    'base-url': Flags.string({
      env: 'OPENAI_BASE_URL',
      helpValue: 'URL',
      description: 'Policy endpoint: use the openai policy (with --model) instead of the oracle.',
    }),
    model: Flags.string({env: 'WEBGYM_MODEL', helpValue: 'NAME', description: 'Policy model at --base-url.'}),
    'judge-model': Flags.string({
      env: 'WEBGYM_JUDGE_MODEL',
      helpValue: 'NAME',
      description: 'Judge with this model (the LLM judge) instead of the fixture web checks.',
    }),
    json: Flags.boolean({default: false, description: 'Print the summary (counts and file paths) as JSON on stdout.'}),
    ...pagesFlag,
  }

  async run(): Promise<void> {
    const {flags} = this
    const noise = Number(flags.noise)
    if (!Number.isFinite(noise) || noise < 0 || noise > 1)
      throw new UsageError(`--noise must be a number from 0 to 1, got "${flags.noise}"`)
    const summary = await runDemo({
      out: flags.out,
      trainTasks: flags['train-tasks'],
      testTasks: flags['test-tasks'],
      seed: flags.seed,
      concurrency: flags.concurrency,
      noise,
      policyUrl: flags['base-url'],
      policyModel: flags.model,
      judgeModel: flags['judge-model'],
      pages: flags.pages,
      reporter: this.reporter,
    })
    if (flags.json) await writeText(`${JSON.stringify(summary, null, 2)}\n`)
  }
}
