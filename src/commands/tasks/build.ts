import {Args, Flags} from '@oclif/core'
import {BaseCommand} from '../../cli/base-command.js'
import {flagNames} from '../../cli/flag-names.js'
import {ioFlags} from '../../cli/flags.js'
import {UsageError} from '../../lib/errors.js'
import {RecordWriter} from '../../lib/io/record-writer.js'
import {renderText} from '../../lib/option-text.js'
import {parseFieldMap} from '../../lib/sources/generic.js'
import {SOURCE_NAMES, SOURCES, sourceByName} from '../../lib/sources/index.js'
import {buildTasks} from '../../lib/tasks/build.js'

export default class TasksBuild extends BaseCommand<typeof TasksBuild> {
  static summary = 'Convert source task sets into webgym Task records.'
  static description = `Reads task files of the public task sets WebGym aggregates and writes one Task record per task (NDJSON) with a stable id (source:native-id), the website as a registrable domain, a start URL, the reference answer and the source's level; every other field is kept in meta. Exact duplicates (same normalised intent and website) are merged into one record listing every source in meta.merged_from. The source of each file is detected from its fields unless --source names it. What tasks export writes reads back too (webgym, tasks and hf). A summary goes to stderr.

Sources:
${SOURCES.map((source) => `  ${source.name.padEnd(16)} ${renderText(source.description, flagNames)}`).join('\n')}`

  static examples = [
    '<%= config.bin %> tasks build WebVoyager_data.jsonl > webvoyager.ndjson',
    '<%= config.bin %> tasks build --source browsecomp browse_comp_test_set.csv -o browsecomp.ndjson.gz',
    '<%= config.bin %> tasks build insta-v3-train.parquet GAIA_web.jsonl Online_Mind2Web.json > seeds.ndjson',
    'cat my_tasks.csv | <%= config.bin %> tasks build --source generic --map intent=question,website=site,answer=gold -',
  ]

  static strict = false
  static args = {
    files: Args.string({
      ignoreStdin: true,
      description: 'Source task files (JSONL, JSON array, CSV or parquet, optionally .gz); - or none for stdin',
    }),
  }

  static flags = {
    source: Flags.option({
      options: SOURCE_NAMES,
      char: 's',
      description: 'The source task set of every input file (default: detected per file).',
    })(),
    map: Flags.string({
      helpValue: 'TARGET=FIELD,...',
      description:
        'For --source generic: which field holds each of intent (required), website, start_url, answer, id, level, domain, subdomain. FIELD may be a dotted path.',
    }),
    label: Flags.string({
      helpValue: 'NAME',
      description: 'For --source generic: the source name written into the records (default generic).',
    }),
    workers: Flags.string({
      default: 'auto',
      helpValue: 'N|auto',
      description:
        'Threads that parse and convert large JSONL files (auto: one per core for files of 8 MiB or more; 0: none). Output is identical either way.',
    }),
    answers: Flags.string({
      helpValue: 'FILE',
      description: "WebVoyager's reference_answer.json (default: the one beside the input file, if any).",
    }),
    ...ioFlags,
  }

  async run(): Promise<void> {
    const {flags} = this
    let source = flags.source ? sourceByName(flags.source) : undefined
    if (flags.map && !source) source = sourceByName('generic')
    if (source?.name === 'generic' && !flags.map)
      throw new UsageError('--source generic needs --map', 'e.g. --map intent=question,website=url')
    if (flags.map && source?.name !== 'generic')
      throw new UsageError(`--map applies to --source generic, not ${source?.name}`)
    let fieldMap
    try {
      fieldMap = flags.map ? parseFieldMap(flags.map) : undefined
    } catch (error) {
      throw new UsageError(`--map: ${(error as Error).message}`, 'e.g. --map intent=question,website=url,answer=gold')
    }
    if (flags.label && source?.name !== 'generic')
      throw new UsageError(
        `--label names the source of --source generic records, not of ${source ? source.name : 'a known task set'}`,
        'drop --label, or build with --source generic --map ...',
      )
    if (flags.answers && source && source.name !== 'webvoyager')
      throw new UsageError(
        `--answers is WebVoyager's reference_answer.json and applies to --source webvoyager, not ${source.name}`,
        'drop --answers',
      )
    if (flags.label && !/^[a-z0-9][a-z0-9._-]*$/i.test(flags.label))
      throw new UsageError(`--label must be a plain name, got "${flags.label}"`, 'use letters, digits, . _ -')
    const workers = flags.workers === 'auto' ? 'auto' : Number(flags.workers)
    if (workers !== 'auto' && (!Number.isInteger(workers) || workers < 0 || workers > 64))
      throw new UsageError(`--workers must be auto or a number from 0 to 64, got "${flags.workers}"`)
    const writer = await RecordWriter.open(flags.output)
    await buildTasks({
      files: this.positionals,
      source,
      label: flags.label,
      fieldMap,
      answersFile: flags.answers,
      invalid: this.invalidRecords(),
      maxLineBytes: flags['max-line-bytes'],
      workers,
      reporter: this.reporter,
      writer,
    })
    await writer.close()
  }
}
