import {Args, Flags} from '@oclif/core'
import {BaseCommand} from '../cli/base-command.js'
import {inputFlags, seedFlag} from '../cli/flags.js'
import {STDIN} from '../lib/io/open-input.js'
import {writeText} from '../lib/io/write-text.js'
import {formatSplitReport} from '../lib/split/format-split-report.js'
import {assertSplitCheck} from '../lib/split/split-check.js'
import {splitSummaryLine} from '../lib/split/split-summary.js'
import {assertSplitTargets} from '../cli/split-targets.js'
import {parseTestSize} from '../lib/split/test-size.js'
import {splitTasks} from '../lib/split/split-tasks.js'

export default class Split extends BaseCommand<typeof Split> {
  static summary = 'Split tasks into train and an out-of-distribution test set by website.'
  static description = `Chooses --test-size test tasks, each from a different website, and writes every task of every other website to --train, so no test website is ever seen in training (the paper's split: 1,167 test tasks, one website each). The other tasks of test websites, and tasks without a website, go to neither file and are counted. The test mix mirrors the whole input by (domain, subdomain, level), allotted by largest remainder and filled in a seeded random order. Both files keep the input order and each line's original text; the same input and --seed give byte-identical files. The input is read twice (stdin is spooled to a temporary file), so memory stays small for hundreds of thousands of tasks. --report prints, for each side, tasks and websites, the coverage of WebGym's whole taxonomy (every domain and subdomain with its count, those with no task marked as missing from that side, then pairs outside the taxonomy and unclassified tasks; --json gives coverage.train/test with missing_domains and missing_subdomains), counts per level, and checks the written files: no shared website, one test task per test website, test size achieved. A failed check exits 1.`

  static examples = [
    {
      description: 'The paper-sized split of a task set',
      command: '<%= config.bin %> split all.ndjson --train train.ndjson --test test.ndjson',
    },
    {
      description: 'A smaller test set from stdin, gzipped train, with the report as JSON',
      command:
        'zcat all.ndjson.gz | <%= config.bin %> split --train train.ndjson.gz --test test.ndjson --test-size 200 --seed 7 --report --json',
    },
    {
      description: 'Compare the test mix to train, skipping bad records',
      command: '<%= config.bin %> split all.ndjson --train train.ndjson --test test.ndjson --report --on-invalid skip',
    },
  ]

  static args = {
    // ignoreStdin: oclif would otherwise read piped stdin as this argument's value.
    file: Args.string({
      description: 'NDJSON task file (gzip read transparently), or - for stdin',
      default: STDIN,
      ignoreStdin: true,
    }),
  }

  static flags = {
    train: Flags.string({
      required: true,
      helpValue: 'FILE',
      description: 'Write the train tasks to FILE (gzipped when FILE ends in .gz).',
    }),
    test: Flags.string({
      required: true,
      helpValue: 'FILE',
      description: 'Write the test tasks to FILE (gzipped when FILE ends in .gz).',
    }),
    'test-size': Flags.string({
      default: '1167',
      helpValue: 'N|F',
      description:
        "Test tasks to choose, one per website: a count, or a fraction of the input's websites such as 0.1. Train keeps at least half the websites: asking for more stops with the number of websites and what would fit.",
    }),
    report: Flags.boolean({default: false, description: 'Print per-side counts and the split checks on stdout.'}),
    json: Flags.boolean({default: false, description: 'Print the report as JSON (implies --report).'}),
    ...seedFlag,
    ...inputFlags,
  }

  async run(): Promise<void> {
    const {flags} = this
    const input = this.args.file ?? STDIN
    const report = flags.report || flags.json
    assertSplitTargets({input, train: flags.train, test: flags.test, report})
    const testSize = parseTestSize(flags['test-size'])
    const result = await splitTasks({
      input,
      train: flags.train,
      test: flags.test,
      testSize,
      seed: flags.seed,
      invalid: this.invalidRecords(),
      maxLineBytes: flags['max-line-bytes'],
      reporter: this.reporter,
    })
    this.reporter.info(splitSummaryLine(result))
    if (report) await writeText(flags.json ? `${JSON.stringify(result, null, 2)}\n` : formatSplitReport(result))
    assertSplitCheck(result.check)
  }
}
