import {Args, Flags} from '@oclif/core'
import {BaseCommand} from '../cli/base-command.js'
import {flagNames} from '../cli/flag-names.js'
import {inputFlags, seedFlag} from '../cli/flags.js'
import {UsageError} from '../lib/errors.js'
import {evaluate} from '../lib/eval/evaluate.js'
import {renderCsv, renderMarkdown, renderText} from '../lib/eval/render-eval.js'
import {runNames} from '../lib/eval/run-names.js'
import {readRun} from '../lib/eval/run-outcomes.js'
import {readTestTaskIds} from '../lib/eval/test-tasks.js'
import {writeText} from '../lib/io/write-text.js'

export default class Eval extends BaseCommand<typeof Eval> {
  static summary =
    'Compare judged runs as a paper reports them: success rates with 95% intervals, and paired differences.'
  static description = `Each FILE is one run: judged trajectories (webgym judge), named by its file name or by --name in order; its run block says the policy and model. For each run: the success rate of each task's first attempt with its Wilson 95% interval, overall and by level, split side (with --test), source and domain; pass@k (unbiased) when tasks have several attempts; mean steps and statuses. Each later run is compared with the first on the tasks both hold: the difference in success rate with a paired bootstrap 95% interval (--bootstrap resamples of the tasks, --seed), McNemar's exact test, and the tasks that flipped. Tasks one run lacks are named, not dropped silently. --format json holds runs[] (n, success_rate, ci95, ...) and, for two runs, paired (n, difference = second minus first, ci95, mcnemar_p, flipped).`

  static examples = [
    '<%= config.bin %> eval base.judged.ndjson ckpt-120.judged.ndjson --test test.ndjson',
    '<%= config.bin %> eval a.ndjson b.ndjson --name baseline --name trained --format md > results.md',
    '<%= config.bin %> eval a.ndjson b.ndjson --format json | jq .paired.ci95',
  ]

  static strict = false
  static args = {
    files: Args.string({
      ignoreStdin: true,
      description: 'Judged trajectory files (NDJSON, optionally .gz), one per run; - for stdin (once)',
    }),
  }

  static flags = {
    name: Flags.string({
      multiple: true,
      multipleNonGreedy: true,
      helpValue: 'NAME',
      description: 'Names of the runs, in the order of the files [default: the file names].',
    }),
    format: Flags.option({
      options: ['table', 'md', 'csv', 'json'] as const,
      default: 'table' as const,
      description:
        'table (aligned text), md (Markdown tables), csv (one row per run and facet value) or json (everything).',
    })(),
    test: Flags.string({
      helpValue: 'FILE',
      description: 'The test side of the split (tasks): success by split side, test and train.',
    }),
    bootstrap: Flags.integer({
      default: 10_000,
      min: 100,
      max: 1_000_000,
      helpValue: 'N',
      description: 'Resamples for the paired bootstrap interval.',
    }),
    ...seedFlag,
    ...inputFlags,
  }

  async run(): Promise<void> {
    const {flags} = this
    const files = this.positionals
    if (files.length === 0)
      throw new UsageError(
        'no run given',
        'pass the judged trajectories of each run as files, e.g. webgym eval base.ndjson trained.ndjson',
      )
    if (files.filter((file) => file === '-').length > 1) throw new UsageError('stdin (-) can be one run only')
    const names = runNames(files, flags.name)
    const invalid = this.invalidRecords()
    const options = {invalid, maxLineBytes: flags['max-line-bytes']}
    const runs = []
    for (const [i, file] of files.entries()) runs.push(await readRun(file, names[i]!, options))
    const testTasks = flags.test ? await readTestTaskIds(flags.test, options) : undefined
    const report = evaluate(runs, {testTasks, bootstrapSamples: flags.bootstrap, seed: flags.seed})
    for (const run of runs)
      if (run.duplicates > 0)
        this.reporter.warn(
          `${run.file}: ${run.duplicates} trajectories given twice (same task and attempt), counted once`,
        )
    for (const paired of report.comparisons) {
      for (const [missing, from, other] of [
        [paired.only_in_first, paired.first, paired.second],
        [paired.only_in_second, paired.second, paired.first],
      ] as const) {
        if (missing.length > 0)
          this.reporter.warn(
            `${missing.length} tasks of ${from} are not in ${other} and are left out of their comparison (first: ${missing.slice(0, 3).join(', ')})`,
          )
      }
    }
    const output =
      flags.format === 'json'
        ? `${JSON.stringify(report, null, 2)}\n`
        : flags.format === 'md'
          ? renderMarkdown(report, flagNames)
          : flags.format === 'csv'
            ? renderCsv(report)
            : renderText(report, flagNames)
    await writeText(output)
    if (invalid.skipped > 0) this.reporter.info(`eval: ${invalid.skipped} invalid records skipped`)
  }
}
