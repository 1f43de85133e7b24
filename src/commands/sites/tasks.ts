import {Flags} from '@oclif/core'
import {BaseCommand} from '../../cli/base-command.js'
import {outputFlag, seedFlag} from '../../cli/flags.js'
import {variantsFlag} from '../../cli/site-flags.js'
import {UsageError} from '../../lib/errors.js'
import {RecordWriter} from '../../lib/io/record-writer.js'
import {TaskSchema} from '../../lib/schema/task.js'
import {Catalog} from '../../lib/sites/catalog.js'
import {FAMILIES} from '../../lib/sites/families/index.js'

export default class SitesTasks extends BaseCommand<typeof SitesTasks> {
  static summary = "Print the fixture web's tasks as Task records."
  static description = `Writes every task of the offline fixture web for a seed: information look-ups with a reference answer, multi-constraint searches, form completions and cart or booking states, over every site family and all three levels. Each task has a fact-group rubric (difficulty = number of facts), a machine-readable reference solution in meta.solution (click the element matching X, type Y into field Z, answer V) and a programmatic check (meta.check: the server's /__webgym/check endpoint). The same seed gives the same tasks as "webgym sites serve --seed".`

  static examples = [
    '<%= config.bin %> sites tasks > fixture-tasks.ndjson',
    '<%= config.bin %> sites tasks --family shop | <%= config.bin %> stats',
    '<%= config.bin %> sites tasks | <%= config.bin %> split --train train.ndjson --test test.ndjson',
  ]

  static flags = {
    ...seedFlag,
    family: Flags.string({
      multiple: true,
      multipleNonGreedy: true,
      helpValue: 'ID',
      description: `Only these site families (${FAMILIES.map((family) => family.id).join(', ')}).`,
    }),
    ...variantsFlag,
    ...outputFlag,
  }

  async run(): Promise<void> {
    const known = FAMILIES.map((family) => family.id)
    const unknown = (this.flags.family ?? []).filter((id) => !known.includes(id))
    if (unknown.length > 0) throw new UsageError(`unknown site family "${unknown[0]}" (known: ${known.join(', ')})`)
    const families = this.flags.family ? FAMILIES.filter((family) => this.flags.family!.includes(family.id)) : FAMILIES
    const catalog = new Catalog({seed: this.flags.seed, variantsPerFamily: this.flags.variants, families})
    const writer = await RecordWriter.open(this.flags.output)
    for (const task of catalog.taskRecords()) await writer.write(TaskSchema.parse(task))
    await writer.close()
    this.reporter.info(`sites tasks: wrote ${writer.count} tasks on ${catalog.sites.length} sites`)
  }
}
