import {Flags} from '@oclif/core'
import {BaseCommand} from '../../cli/base-command.js'
import {outputFlag, seedFlag} from '../../cli/flags.js'
import {pagesFlag, variantsFlag} from '../../cli/site-flags.js'
import {UsageError} from '../../lib/errors.js'
import {RecordWriter} from '../../lib/io/record-writer.js'
import {TaskSchema} from '../../lib/schema/task.js'
import {Catalog} from '../../lib/sites/catalog.js'
import {FAMILIES} from '../../lib/sites/families/index.js'
import {PageSites} from '../../lib/sites/pages/page-sites.js'
import {PAGE_FIELDS, PAGES_SOURCE} from '../../lib/sites/pages/page-tasks.js'

export default class SitesTasks extends BaseCommand<typeof SitesTasks> {
  static summary = "Print the fixture web's tasks as Task records."
  static description = `Writes every task of the offline fixture web for a seed: information look-ups with a reference answer, multi-constraint searches, form completions and cart or booking states, over every site family and all three levels. Each task has a fact-group rubric (difficulty = number of facts), a machine-readable reference solution in meta.solution (click the element matching X, type Y into field Z, answer V) and a programmatic check (meta.check: the server's /__webgym/check endpoint). The same seed gives the same tasks as "webgym sites serve --seed".

--pages DIR adds questions about each saved page of DIR (served by "sites serve --pages DIR" at <name>.pages.webgym.test): its headline, author, site name and publication date, from the page's expected-metadata.json, each asked only where the answer is in the page's visible text. Each has a reference answer, a check of the answer (names compared ignoring case, spacing and accents; dates in any common format) and a reference solution (scroll until the answer is in view, then answer). --family pages writes only those.`

  static examples = [
    '<%= config.bin %> sites tasks > fixture-tasks.ndjson',
    '<%= config.bin %> sites tasks --family shop | <%= config.bin %> stats',
    '<%= config.bin %> sites tasks | <%= config.bin %> split --train train.ndjson --test test.ndjson',
    '<%= config.bin %> sites tasks --pages fixtures/real-pages --family pages > page-tasks.ndjson',
  ]

  static flags = {
    ...seedFlag,
    family: Flags.string({
      multiple: true,
      multipleNonGreedy: true,
      helpValue: 'ID',
      description: `Only these site families (${FAMILIES.map((family) => family.id).join(', ')}, and ${PAGES_SOURCE}: the --pages questions).`,
    }),
    ...variantsFlag,
    ...pagesFlag,
    ...outputFlag,
  }

  async run(): Promise<void> {
    const known = [...FAMILIES.map((family) => family.id), PAGES_SOURCE]
    const chosen = this.flags.family
    const unknown = (chosen ?? []).filter((id) => !known.includes(id))
    if (unknown.length > 0) throw new UsageError(`unknown site family "${unknown[0]}" (known: ${known.join(', ')})`)
    if (chosen?.includes(PAGES_SOURCE) && this.flags.pages === undefined)
      throw new UsageError(
        `--family ${PAGES_SOURCE} asks for the saved pages' questions`,
        'give the pages with --pages DIR',
      )
    const families = chosen ? FAMILIES.filter((family) => chosen.includes(family.id)) : FAMILIES
    const pages =
      this.flags.pages !== undefined && (!chosen || chosen.includes(PAGES_SOURCE))
        ? await PageSites.open(this.flags.pages)
        : null
    const catalog = new Catalog({seed: this.flags.seed, variantsPerFamily: this.flags.variants, families})
    const writer = await RecordWriter.open(this.flags.output)
    let fixtureTasks = 0
    for (const task of catalog.taskRecords()) {
      await writer.write(TaskSchema.parse(task))
      fixtureTasks++
    }
    // Questions per field, and the pages that have any.
    const fields = new Map<string, number>(PAGE_FIELDS.map((field) => [field, 0]))
    const asked = new Set<string>()
    if (pages)
      for await (const task of pages.taskRecords()) {
        await writer.write(TaskSchema.parse(task))
        const field = String(task.meta?.field)
        fields.set(field, (fields.get(field) ?? 0) + 1)
        asked.add(task.website!)
      }
    await writer.close()
    if (families.length > 0 || !pages)
      this.reporter.info(`sites tasks: wrote ${fixtureTasks} tasks on ${catalog.sites.length} sites`)
    if (pages) {
      const questions = [...fields.values()].reduce((sum, count) => sum + count, 0)
      const perField = [...fields].map(([field, count]) => `${field} ${count}`).join(', ')
      this.reporter.info(
        `sites tasks: wrote ${questions} questions on ${asked.size} of ${pages.pages.length} saved pages (${perField})`,
      )
    }
  }
}
