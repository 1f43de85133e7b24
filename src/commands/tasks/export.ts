import {Args, Flags} from '@oclif/core'
import {BaseCommand} from '../../cli/base-command.js'
import {ioFlags} from '../../cli/flags.js'
import {cardTarget} from '../../cli/card-target.js'
import {UsageError} from '../../lib/errors.js'
import type {CardTarget} from '../../lib/export/dataset-card.js'
import {parquetOutput} from '../../lib/export/parquet-output.js'
import {EXPORT_FORMAT_NAMES, EXPORT_FORMATS} from '../../lib/tasks/export-formats.js'
import {exportTasks} from '../../lib/tasks/export-tasks.js'

export default class TasksExport extends BaseCommand<typeof TasksExport> {
  static summary = "Write Task records in another project's task format."
  static description = `Converts Task records into one of these formats, one JSON object per line (parquet: one row); "webgym tasks build --source FORMAT" reads each back (for parquet, "webgym tasks build --source hf").

  webgym  microsoft/webgym task rows (task_name, website, domain, subdomain, difficulty, evaluator_reference, definite_answer, attempt_level, task_id, plus benchmark_name and level), as its rollout and training scripts read them. Read back with the same ids, sources, websites, start URLs, taxonomy, difficulty, level, rubric and reference answer; meta (but attempt_level), parent_id and provenance have no place in a row. Tasks without a rubric are exported with an empty evaluator_reference and counted on stderr: microsoft/webgym needs one to judge (run "webgym rubric gen" first).
  tasks   webgym's own Task records, every field: read back unchanged.
  hf      flat rows that a Hugging Face datasets user loads as is with load_dataset("json", data_files=...): every column one type in every row and never null ("" for a missing text, -1 for a missing difficulty), rubric, meta and provenance as JSON text, other top-level fields in extra. Read back into the same records (an empty reference answer comes back as null). --card FILE also writes a dataset card (README.md) that names the data file and declares the column types.
  parquet the hf rows as a parquet file (difficulty int64, every other column a string), for load_dataset("parquet", ...), pyarrow or pandas; the file also carries the datasets features. Needs -o FILE: a parquet file is written whole, through a temporary file renamed when complete, so it cannot go to stdout. --card as for hf.`

  static examples = [
    '<%= config.bin %> tasks export --format webgym tasks.ndjson > train.jsonl',
    '<%= config.bin %> split all.ndjson --train train.ndjson --test test.ndjson && <%= config.bin %> tasks export test.ndjson -o test.jsonl',
    '<%= config.bin %> tasks export --format hf tasks.ndjson -o hub/tasks.jsonl --card hub/README.md',
    '<%= config.bin %> tasks export --format parquet tasks.ndjson -o hub/data/train.parquet --card hub/README.md',
  ]

  static strict = false
  static args = {
    files: Args.string({
      ignoreStdin: true,
      description: 'Task record files (NDJSON, optionally .gz); - or none for stdin',
    }),
  }

  static flags = {
    format: Flags.option({
      options: EXPORT_FORMAT_NAMES,
      default: 'webgym' as const,
      description:
        'Output format: webgym (microsoft/webgym task rows), tasks (our Task records, every field), hf (rows a Hugging Face datasets user loads as is) or parquet (the hf rows as a parquet file, with -o FILE); see the description.',
    })(),
    card: Flags.string({
      helpValue: 'FILE',
      description:
        'With --format hf or parquet and -o FILE: also write a Hugging Face dataset card to FILE (README.md beside the data file, for a Hub dataset repository).',
    }),
    ...ioFlags,
  }

  async run(): Promise<void> {
    const {flags} = this
    const format = EXPORT_FORMATS[flags.format]
    if (format.parquet) parquetOutput(flags.output)
    const card = flags.card ? this.cardTarget(flags.card) : null
    const invalid = this.invalidRecords()
    const tally = await exportTasks({
      inputs: this.positionals,
      output: flags.output,
      format: flags.format,
      invalid,
      maxLineBytes: flags['max-line-bytes'],
      card,
    })
    if (tally.withoutRubric > 0 && format.rubricNeed)
      this.reporter.warn(
        `tasks export: ${tally.withoutRubric} of ${tally.rows} tasks have no rubric; ${format.rubricNeed} (run webgym rubric gen first)`,
      )
    this.reporter.info(
      `tasks export: wrote ${tally.rows} rows${card ? ` and the dataset card ${card.path}` : ''}; ${invalid.skipped} invalid records skipped`,
    )
  }

  /** Where the dataset card goes and what it says of the data file; refused before anything is written. */
  private cardTarget(path: string): CardTarget {
    if (!EXPORT_FORMATS[this.flags.format].card)
      throw new UsageError(
        `--card describes --format hf or parquet rows, not ${this.flags.format}`,
        'add --format hf or --format parquet, or drop --card',
      )
    return cardTarget(path, this.flags.output, this.positionals)
  }
}
