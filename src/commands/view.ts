import {Args, Flags} from '@oclif/core'
import {BaseCommand} from '../cli/base-command.js'
import {inputFlags} from '../cli/flags.js'
import {reportSummaryLine, writeReport} from '../lib/view/write-report.js'

export default class View extends BaseCommand<typeof View> {
  static summary = 'Write a static HTML report of trajectories to look at in a browser.'
  static description = `Reads trajectories, judged or not, and writes a report that opens from disk (DIR/index.html; no server, no network). The index has summary charts (success rate by level, success rate by domain — task.domain, else the website — and a histogram of steps per trajectory) and a table of trajectories (intent, website, level, status, reward, steps, source) that select boxes filter by status, reward, level and website. Each row links to the trajectory's page, DIR/t/N.html (N: its 1-based position in the input): the task, the rubric with the judge's verdict and reason per fact, the answer, status, reward, blocked and any judge error, then every step: the screenshot with the point the action clicked (typed, scrolled) marked on it, the model's thought, the action, memory, action error, the repeated flag and the observe/policy/act times.

Screenshot paths resolve against --shots DIR, else the input file's folder or its shots/ (as judge does); each image is copied once into DIR/shots/, an image already there is kept, and a missing one is a warning (its steps show a placeholder). Pages are written as records are read, so memory holds only one index row per trajectory. Nothing is printed on stdout; one summary line on stderr counts pages written and images copied and missing.`

  static examples = [
    {description: 'A report of judged rollouts, then open it', command: '<%= config.bin %> view judged.ndjson --out report --shots shots && xdg-open report/index.html'},
    {description: 'The failed hard tasks only, straight from filter', command: '<%= config.bin %> filter --where judgment.reward=0 --level hard judged.ndjson | <%= config.bin %> view --out failures --shots shots'},
    {description: 'Plain trajectories, before judging, with their screenshots in runs/it3/shots', command: '<%= config.bin %> view runs/it3/traj.ndjson --out runs/it3/report'},
  ]

  static strict = false
  static args = {files: Args.string({ignoreStdin: true, description: 'Trajectory or judged trajectory files (NDJSON, optionally .gz); - or none for stdin'})}

  static flags = {
    out: Flags.string({required: true, helpValue: 'DIR', description: 'Write the report to DIR (created when missing): index.html, t/N.html and shots/.'}),
    shots: Flags.string({helpValue: 'DIR', description: "Screenshot store the records' paths are relative to [default: the input file's folder, then its shots/]."}),
    ...inputFlags,
  }

  async run(): Promise<void> {
    const {flags} = this
    const tally = await writeReport({
      inputs: this.positionals,
      outDir: flags.out,
      shots: flags.shots,
      invalid: this.invalidRecords(),
      maxLineBytes: flags['max-line-bytes'],
      reporter: this.reporter,
    })
    this.reporter.info(reportSummaryLine(tally, flags.out))
  }
}
