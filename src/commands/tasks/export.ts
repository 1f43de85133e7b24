import {Args, Flags} from '@oclif/core'
import {BaseCommand} from '../../cli/base-command.js'
import {ioFlags} from '../../cli/flags.js'
import {readRecords} from '../../lib/io/read-records.js'
import {RecordWriter} from '../../lib/io/record-writer.js'
import {TaskSchema} from '../../lib/schema/task.js'
import {EXPORT_FORMAT_NAMES, EXPORT_FORMATS, type ExportFormat} from '../../lib/tasks/export-formats.js'

export default class TasksExport extends BaseCommand<typeof TasksExport> {
  static summary = 'Write Task records in another project\'s task format.'
  static description = `Converts Task records into microsoft/webgym task rows (task_name, website, domain, subdomain, difficulty, evaluator_reference, definite_answer, attempt_level, task_id, plus benchmark_name), one JSON object per line, as its rollout and training scripts read them. "webgym tasks build --source webgym" reads the rows back with the same ids, sources, websites, start URLs, taxonomy, difficulty, rubric and reference answer. Tasks without a rubric are exported with an empty evaluator_reference and counted on stderr: microsoft/webgym needs one to judge (run "webgym rubric gen" first).`

  static examples = [
    '<%= config.bin %> tasks export --format webgym tasks.ndjson > train.jsonl',
    '<%= config.bin %> split all.ndjson --train train.ndjson --test test.ndjson && <%= config.bin %> tasks export test.ndjson -o test.jsonl',
  ]

  static strict = false
  static args = {files: Args.string({ignoreStdin: true, description: 'Task record files (NDJSON, optionally .gz); - or none for stdin'})}

  static flags = {
    format: Flags.option({options: EXPORT_FORMAT_NAMES, default: 'webgym' as const, description: 'Output format: webgym (microsoft/webgym task rows, JSONL).'})(),
    ...ioFlags,
  }

  async run(): Promise<void> {
    const invalid = this.invalidRecords()
    const format: ExportFormat = EXPORT_FORMATS[this.flags.format]
    const writer = await RecordWriter.open(this.flags.output)
    let withoutRubric = 0
    // Rows written before a failure (a bad record under --on-invalid fail) stay written, whole: close in any case.
    try {
      for await (const {record} of readRecords(this.positionals, {schema: TaskSchema, invalid, maxLineBytes: this.flags['max-line-bytes']})) {
        if (!record.rubric) withoutRubric++
        await writer.write(format.convert(record))
      }
    } finally {
      await writer.close()
    }
    if (withoutRubric > 0 && format.rubricNeed) this.reporter.warn(`tasks export: ${withoutRubric} of ${writer.count} tasks have no rubric; ${format.rubricNeed} (run webgym rubric gen first)`)
    this.reporter.info(`tasks export: wrote ${writer.count} rows; ${invalid.skipped} invalid records skipped`)
  }
}
