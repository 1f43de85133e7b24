import {Args, Flags} from '@oclif/core'
import {BaseCommand} from '../../cli/base-command.js'
import {inputFlags} from '../../cli/flags.js'
import {UsageError} from '../../lib/errors.js'
import {STDIN} from '../../lib/io/open-input.js'
import {writeText} from '../../lib/io/write-text.js'
import {
  assertAllMatched,
  evalJudge,
  judgeEvalSummary,
  unmatchedFacts,
  unmatchedMessage,
} from '../../lib/judge/eval-judge.js'
import {formatAgreementReport} from '../../lib/judge/format-agreement.js'

export default class JudgeEval extends BaseCommand<typeof JudgeEval> {
  static summary = 'Measure how well judgements agree with labels: accuracy, precision, recall, F1, kappa.'
  static description = `Compares the rewards of judged trajectories (FILE or stdin) with labels (--labels), as the paper checked its judge against 80 human-labelled trajectories. Each line of the labels file is either a label record, {"key": "TASK_ID@STARTED_AT", "label": 1} or {"task_id": "TASK_ID", "label": 0} ("reward" is accepted for "label", true/false for 1/0), or a judged trajectory whose reward is the label, so the output of "webgym judge --judge programmatic" can serve as labels. Labels are matched to judged trajectories by trajectory key (the task id, then @run.started_at when the run has a start time); a task_id label matches the one trajectory of that task, and is an error when the task has several. A label given twice, or two labels for one trajectory, is an error naming the line. Judged trajectories without a label and labels without a trajectory are counted and reported (--strict makes them an error). A judgment that failed (judgment.error set) counts as reward 0 and is also counted as a judge error. Positive = reward 1. Prints n, accuracy, precision, recall, F1, Cohen's kappa and the confusion matrix (tp, fp, fn, tn), overall, per task level (easy, medium, hard, unknown) and per task source: a table, or one JSON object with --json. When labels carry per-fact verdicts ("facts": [{"group_id", "fact", "label"}], as the report's labelling mode exports them, or a judged trajectory's judgment.facts), each is matched to the judgment's verdict on that fact by group id and fact text, and the same metrics are printed for the facts (a "facts" row beside "overall"; "facts" in JSON); facts one side has and the other lacks are counted and the first named. A metric whose denominator is 0 (precision when nothing was judged a success, kappa when both sides give the same one answer) is n/a in the table and null in JSON.`

  static examples = [
    {
      description: 'Check the LLM judge against hand labels',
      command: '<%= config.bin %> judge eval judged.ndjson --labels human-labels.ndjson',
    },
    {
      description: 'Use the programmatic judge as the labels, every trajectory required to match',
      command: '<%= config.bin %> judge eval llm-judged.ndjson --labels programmatic-judged.ndjson --strict',
    },
    {
      description: 'Kappa per level as JSON, the judged trajectories from stdin',
      command:
        "<%= config.bin %> judge < traj.ndjson | <%= config.bin %> judge eval --labels labels.ndjson --json | jq '.by_level | map_values(.kappa)'",
    },
  ]

  static args = {
    // ignoreStdin: oclif would otherwise read piped stdin as this argument's value.
    file: Args.string({
      description: 'Judged trajectories, the judgements to check (NDJSON, gzip read transparently), or - for stdin',
      default: STDIN,
      ignoreStdin: true,
    }),
  }

  static flags = {
    labels: Flags.string({
      required: true,
      helpValue: 'FILE',
      description:
        'The labels: NDJSON of label records ({"key"|"task_id": ..., "label": 0|1}) or judged trajectories (their reward is the label); - for stdin when FILE is a file.',
    }),
    strict: Flags.boolean({
      default: false,
      description: 'Exit 1 when a judged trajectory has no label or a label matches no judged trajectory.',
    }),
    json: Flags.boolean({
      default: false,
      description:
        'Print the report as one JSON object (overall, by_level, by_source, unmatched, judge_errors, facts).',
    }),
    ...inputFlags,
  }

  async run(): Promise<void> {
    const {flags} = this
    const predictions = this.args.file ?? STDIN
    if (predictions === STDIN && flags.labels === STDIN)
      throw new UsageError('FILE and --labels both read stdin', 'name a file for one of them')
    const result = await evalJudge({
      predictions,
      labels: flags.labels,
      invalid: this.invalidRecords(),
      maxLineBytes: flags['max-line-bytes'],
    })
    if (flags.strict) assertAllMatched(result)
    const {report} = result
    await writeText(flags.json ? `${JSON.stringify(report, null, 2)}\n` : formatAgreementReport(report))
    const unmatched = unmatchedMessage(result)
    if (unmatched) this.reporter.warn(`judge eval: ${unmatched}`)
    const factsLeft = unmatchedFacts(result)
    if (factsLeft) this.reporter.warn(`judge eval: ${factsLeft}`)
    if (report.label_judge_errors > 0)
      this.reporter.warn(
        `judge eval: ${report.label_judge_errors} labels come from failed judgments (judgment.error set) and count as 0`,
      )
    this.reporter.info(judgeEvalSummary(report))
  }
}
