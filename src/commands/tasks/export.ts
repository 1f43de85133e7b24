import {basename, dirname, relative} from 'node:path'
import {Args, Flags} from '@oclif/core'
import {BaseCommand} from '../../cli/base-command.js'
import {ioFlags} from '../../cli/flags.js'
import {assertOutputNotInput} from '../../cli/output-guard.js'
import {UsageError} from '../../lib/errors.js'
import {STDIN} from '../../lib/io/open-input.js'
import {readRecords} from '../../lib/io/read-records.js'
import {RecordWriter} from '../../lib/io/record-writer.js'
import {sameFile} from '../../lib/io/same-file.js'
import {writeText} from '../../lib/io/write-text.js'
import {TaskSchema} from '../../lib/schema/task.js'
import {EXPORT_FORMAT_NAMES, EXPORT_FORMATS, type ExportFormat} from '../../lib/tasks/export-formats.js'
import {HfDatasetCard} from '../../lib/tasks/hf-card.js'
import {WEBGYM_VERSION} from '../../lib/version.js'

export default class TasksExport extends BaseCommand<typeof TasksExport> {
  static summary = "Write Task records in another project's task format."
  static description = `Converts Task records into one of these formats, one JSON object per line; "webgym tasks build --source FORMAT" reads each back.

  webgym  microsoft/webgym task rows (task_name, website, domain, subdomain, difficulty, evaluator_reference, definite_answer, attempt_level, task_id, plus benchmark_name and level), as its rollout and training scripts read them. Read back with the same ids, sources, websites, start URLs, taxonomy, difficulty, level, rubric and reference answer; meta (but attempt_level), parent_id and provenance have no place in a row. Tasks without a rubric are exported with an empty evaluator_reference and counted on stderr: microsoft/webgym needs one to judge (run "webgym rubric gen" first).
  tasks   webgym's own Task records, every field: read back unchanged.
  hf      flat rows that a Hugging Face datasets user loads as is with load_dataset("json", data_files=...): every column one type in every row and never null ("" for a missing text, -1 for a missing difficulty), rubric, meta and provenance as JSON text, other top-level fields in extra. Read back into the same records (an empty reference answer comes back as null). --card FILE also writes a dataset card (README.md) that names the data file and declares the column types.`

  static examples = [
    '<%= config.bin %> tasks export --format webgym tasks.ndjson > train.jsonl',
    '<%= config.bin %> split all.ndjson --train train.ndjson --test test.ndjson && <%= config.bin %> tasks export test.ndjson -o test.jsonl',
    '<%= config.bin %> tasks export --format hf tasks.ndjson -o hub/tasks.jsonl --card hub/README.md',
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
        'Output format: webgym (microsoft/webgym task rows), tasks (our Task records, every field) or hf (rows a Hugging Face datasets user loads as is); see the description.',
    })(),
    card: Flags.string({
      helpValue: 'FILE',
      description:
        'With --format hf and -o FILE: also write a Hugging Face dataset card to FILE (README.md beside the data file, for a Hub dataset repository).',
    }),
    ...ioFlags,
  }

  async run(): Promise<void> {
    const {flags} = this
    const card = flags.card ? this.cardTarget(flags.card) : null
    const invalid = this.invalidRecords()
    const format: ExportFormat = EXPORT_FORMATS[flags.format]
    const writer = await RecordWriter.open(flags.output)
    const tally = card ? new HfDatasetCard() : null
    let withoutRubric = 0
    // Rows written before a failure (a bad record under --on-invalid fail) stay written, whole: close in any case.
    try {
      for await (const {record} of readRecords(this.positionals, {
        schema: TaskSchema,
        invalid,
        maxLineBytes: flags['max-line-bytes'],
      })) {
        if (!record.rubric) withoutRubric++
        tally?.add(record)
        await writer.write(format.convert(record))
      }
    } finally {
      await writer.close()
    }
    if (card && tally)
      await writeText(
        tally.render({dataFile: card.dataFile, title: card.title, webgymVersion: WEBGYM_VERSION}),
        card.path,
      )
    if (withoutRubric > 0 && format.rubricNeed)
      this.reporter.warn(
        `tasks export: ${withoutRubric} of ${writer.count} tasks have no rubric; ${format.rubricNeed} (run webgym rubric gen first)`,
      )
    this.reporter.info(
      `tasks export: wrote ${writer.count} rows${card ? ` and the dataset card ${card.path}` : ''}; ${invalid.skipped} invalid records skipped`,
    )
  }

  /** Where the dataset card goes and what it says of the data file; refused before anything is written. */
  private cardTarget(path: string): {path: string; dataFile: string; title: string} {
    const output = this.flags.output
    if (this.flags.format !== 'hf')
      throw new UsageError(
        `--card describes --format hf rows, not ${this.flags.format}`,
        'add --format hf, or drop --card',
      )
    if (!output || output === STDIN)
      throw new UsageError(
        '--card needs -o FILE: the card names the data file',
        'e.g. -o hub/tasks.jsonl --card hub/README.md',
      )
    if (path === STDIN)
      throw new UsageError('--card - would mix the card into the rows on stdout', 'name a file, e.g. --card README.md')
    if (sameFile(path, output))
      throw new UsageError(
        `--card and -o both name ${JSON.stringify(path)}`,
        'write the card to a file of its own, e.g. README.md beside the data',
      )
    assertOutputNotInput(path, this.positionals, '--card')
    const dataFile = relative(dirname(path), output).split('\\').join('/')
    return {path, dataFile, title: basename(output).replace(/(\.jsonl|\.ndjson|\.json)?(\.gz)?$/i, '')}
  }
}
