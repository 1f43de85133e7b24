import {Args} from '@oclif/core'
import {BaseCommand} from '../cli/base-command.js'
import {outputFlag} from '../cli/flags.js'
import {UsageError} from '../lib/errors.js'
import {writeText} from '../lib/io/write-text.js'
import {jsonSchemaOf, RECORD_SCHEMAS, type RecordTypeName} from '../lib/schema/index.js'

export default class Schema extends BaseCommand<typeof Schema> {
  static summary = 'Print the JSON Schema of a record type.'
  static description = `Prints the JSON Schema (draft 2020-12) of one of webgym's record types, for tools that consume the records outside TypeScript (Python's jsonschema or pydantic, for example). Names: ${Object.keys(RECORD_SCHEMAS).join(', ')}.`

  static examples = [
    '<%= config.bin %> schema task > task.schema.json',
    '<%= config.bin %> schema trajectory | python -m json.tool',
  ]

  static args = {
    name: Args.string({
      required: true,
      ignoreStdin: true,
      description: `Record type: ${Object.keys(RECORD_SCHEMAS).join(', ')}`,
    }),
  }

  static flags = {...outputFlag}

  async run(): Promise<void> {
    const name = this.args.name as RecordTypeName
    if (!(name in RECORD_SCHEMAS)) {
      throw new UsageError(
        `unknown record type "${this.args.name}"`,
        `choose one of ${Object.keys(RECORD_SCHEMAS).join(', ')}`,
      )
    }
    await writeText(`${JSON.stringify(jsonSchemaOf(name), null, 2)}\n`, this.flags.output)
  }
}
