import {Args, Flags} from '@oclif/core'
import {BaseCommand} from '../cli/base-command.js'
import {inputFlags, seedFlag} from '../cli/flags.js'
import {UsageError} from '../lib/errors.js'
import {DEFAULT_BOOTSTRAP_SAMPLES, reportSummaryLine, writeReport} from '../lib/view/write-report.js'

export default class View extends BaseCommand<typeof View> {
  static summary = 'Write a static HTML report of trajectories to look at in a browser.'
  static description = `Reads trajectories, judged or not, and writes a report that opens from disk (DIR/index.html, by double-click; no server, no network). Each FILE is one run, named by its file name or --name, as webgym eval names runs. The index has summary charts (success rate by level, by domain — task.domain, else the website — and, with --test, by split side; a histogram of steps per trajectory), in one colour per run when there are several, and a table of trajectories (run, intent, website, level, split side, status, reward, steps, source): every column sorts, select boxes filter by run, split side, source, status, reward, level and website (a search box once there are more than 200 websites), a search box by task, and each filter counts its values under the others. The table's rows are in DIR/data/rows-K.js, files of at most 2,000 rows and about 200 KB, which the page loads one after another (scripts, since a page opened from file:// may not fetch files): the first page of rows shows at once, and filters, sorting and counts cover every row once all are loaded, so 100,000 trajectories stay a small index.html. Each row links to the trajectory's page, DIR/t/N.html (N: its 1-based position over all inputs): the task, the rubric with the judge's verdict and reason per fact, the answer, status, reward, blocked and any judge error, then every step: the screenshot with the point the action clicked (typed, scrolled) marked on it, the model's thought, the action, memory, action error, the repeated flag and the observe/policy/act times.

With several runs, DIR/compare-A-B.html compares run B with run A (1-based input positions) for every pair A < B, task by task (a task's first attempt), as webgym eval does on those two files: the paired difference in success rate with a bootstrap 95% interval (--bootstrap resamples, --seed), McNemar's p (per split side too with --test), and every task with its outcome in both runs, flipped tasks first. The index links each pair and has a picker (run A, run B) that opens the pair's page.

--label adds labelling: on the index (a ✓/✗ per row, and a filter by label) and on each trajectory page (success/failure, and holds/does not for each rubric fact), a person marks trajectories; the marks are kept in the browser (localStorage, for this report folder) and the index exports them as labels.ndjson — {"key": trajectory key, "label": 0|1, "facts": [{"group_id", "fact", "label"}]} per line — which webgym judge eval --labels reads (per trajectory and per fact). Moving the report folder leaves the marks behind: export first.

Screenshot paths resolve against --shots DIR, else the input file's folder or its shots/ (as judge does); each image is copied once into DIR/shots/, an image already there is kept, and a missing one is a warning (its steps show a placeholder). Pages are written as records are read, so memory holds only the charts' counts (and, for several runs, each task's first attempt). Nothing is printed on stdout; one summary line on stderr counts pages written and images copied and missing.`

  static examples = [
    {
      description: 'A report of judged rollouts, then open it',
      command: '<%= config.bin %> view judged.ndjson -o report --shots shots && xdg-open report/index.html',
    },
    {
      description: 'The failed hard tasks only, straight from filter',
      command:
        '<%= config.bin %> filter --where judgment.reward=0 --level hard judged.ndjson | <%= config.bin %> view -o failures --shots shots',
    },
    {
      description: 'Plain trajectories, before judging, with their screenshots in runs/it3/shots',
      command: '<%= config.bin %> view runs/it3/traj.ndjson -o runs/it3/report',
    },
    {
      description: 'Two checkpoints side by side, split by side, with a comparison page',
      command:
        '<%= config.bin %> view base.judged.ndjson ckpt-120.judged.ndjson --test test.ndjson -o compare --shots shots',
    },
    {
      description: 'Label trajectories by hand, then measure the judge against the labels',
      command:
        '<%= config.bin %> view judged.ndjson --label -o labelling --shots shots && <%= config.bin %> judge eval judged.ndjson --labels ~/Downloads/labels.ndjson',
    },
  ]

  static strict = false
  static args = {
    files: Args.string({
      ignoreStdin: true,
      description: 'Trajectory or judged trajectory files (NDJSON, optionally .gz), one per run; - or none for stdin',
    }),
  }

  static flags = {
    output: Flags.string({
      char: 'o',
      aliases: ['out'],
      required: true,
      helpValue: 'DIR',
      description:
        'Write the report to DIR (created when missing): index.html, data/, t/N.html, compare-A-B.html and shots/ (--out is the same).',
    }),
    shots: Flags.string({
      helpValue: 'DIR',
      description:
        "Screenshot store the records' paths are relative to [default: the input file's folder, then its shots/].",
    }),
    name: Flags.string({
      multiple: true,
      multipleNonGreedy: true,
      helpValue: 'NAME',
      description: 'Names of the runs, in the order of the files [default: the file names].',
    }),
    test: Flags.string({
      helpValue: 'FILE',
      description:
        'The test side of the split (tasks, as split --test wrote them): a split facet, filter and chart; every other task is train.',
    }),
    label: Flags.boolean({
      default: false,
      description:
        'Labelling mode: mark trajectories (and rubric facts) by hand in the browser and export them for judge eval --labels.',
    }),
    bootstrap: Flags.integer({
      default: DEFAULT_BOOTSTRAP_SAMPLES,
      min: 100,
      max: 1_000_000,
      helpValue: 'N',
      description: "Resamples for the comparison pages' paired bootstrap interval.",
    }),
    ...seedFlag,
    ...inputFlags,
  }

  async run(): Promise<void> {
    const {flags} = this
    if (this.positionals.filter((file) => file === '-').length > 1)
      throw new UsageError('stdin (-) can be one run only', 'give each other run as a file')
    const tally = await writeReport({
      inputs: this.positionals,
      names: flags.name,
      test: flags.test,
      outDir: flags.output,
      shots: flags.shots,
      label: flags.label,
      bootstrapSamples: flags.bootstrap,
      seed: flags.seed,
      invalid: this.invalidRecords(),
      maxLineBytes: flags['max-line-bytes'],
      reporter: this.reporter,
    })
    this.reporter.info(reportSummaryLine(tally, flags.output))
  }
}
