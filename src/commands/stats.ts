import {Args, Flags} from '@oclif/core'
import {BaseCommand} from '../cli/base-command.js'
import {inputFlags} from '../cli/flags.js'
import {writeText} from '../lib/io/write-text.js'
import {countRecords, topEntries} from '../lib/stats/count-records.js'
import {renderStats} from '../lib/stats/render-stats.js'

export default class Stats extends BaseCommand<typeof Stats> {
  static summary = 'Count a task or trajectory stream by source, website, domain, level and status.'
  static description =
    'Reads Task records, trajectories or judged trajectories (mixed streams are fine) and prints counts by source, website (the top N), domain, level, and for trajectories by status and reward: as a table, or as JSON with --json.'

  static examples = [
    '<%= config.bin %> stats seeds.ndjson',
    '<%= config.bin %> stats --json --top 50 train.ndjson.gz | jq .by_level',
    '<%= config.bin %> rollout < train.ndjson | tee traj.ndjson | <%= config.bin %> stats',
  ]

  static strict = false
  static args = {
    files: Args.string({ignoreStdin: true, description: 'Record files (NDJSON, optionally .gz); - or none for stdin'}),
  }

  static flags = {
    top: Flags.integer({default: 20, min: 1, helpValue: 'N', description: 'How many websites to list.'}),
    json: Flags.boolean({
      default: false,
      description: 'Print the counts as one JSON object (websites limited to the top N).',
    }),
    ...inputFlags,
  }

  async run(): Promise<void> {
    const invalid = this.invalidRecords()
    const stats = await countRecords(this.positionals, {invalid, maxLineBytes: this.flags['max-line-bytes']})
    const {top} = this.flags
    if (this.flags.json) {
      const limited = {
        ...stats,
        by_website: Object.fromEntries(topEntries(stats.by_website, top)),
        invalid_skipped: invalid.skipped,
      }
      await writeText(`${JSON.stringify(limited, null, 2)}\n`)
    } else await writeText(renderStats(stats, top))
    if (invalid.skipped > 0) this.reporter.info(`stats: ${invalid.skipped} invalid records skipped`)
  }
}
