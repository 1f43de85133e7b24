import {Args, Flags} from '@oclif/core'
import {BaseCommand} from '../cli/base-command.js'
import {parseFilterOptions} from '../cli/filter-flags.js'
import {ioFlags, seedFlag} from '../cli/flags.js'
import {parseTrajectoryExport} from '../cli/trajectory-export-flags.js'
import {IMAGE_MODES, ROW_LAYOUTS} from '../lib/export/trajectory-columns.js'
import {filterRecords} from '../lib/filter/filter-records.js'
import {filterSummaryLine} from '../lib/filter/filter-summary.js'
import {LEVELS} from '../lib/schema/level.js'
import {TRAJECTORY_STATUSES} from '../lib/schema/trajectory.js'

export default class Filter extends BaseCommand<typeof Filter> {
  static summary = 'Keep the judged trajectories the trainer should learn from.'
  static description = `Reads judged trajectories and writes the kept ones, each as its input line (every field kept, in its order), in input order. They apply in this order: the record filters (--success, --min-reward, --status, --level, --where; all must hold), then --drop-repeated-steps, then --max-per-task, then --sample. One summary line on stderr says how many records were read and kept, and how many each flag dropped (a record is counted under the first filter it fails).

--where FIELD=VALUE compares the JSON scalar at a dotted path into the record (task.website, judgment.blocked, steps.0.url) with VALUE as text: strings as they are, numbers, true, false and null as JSON; a missing field or an object never matches.

--drop-repeated-steps takes out of what training sees the steps the rollout flagged repeated and those whose action left the screen unchanged (the next step shows the same screenshot), so the action that finally worked stays: they are marked "train": false and stay in the record, so that webgym train still rebuilds every later prompt from the whole history; the reward and judgment are untouched.

--max-per-task K keeps each task's K most recent trajectories (by run.ended_at, else run.started_at; without a time, or on a tie, a later line is newer; a trajectory without a time is older than one with). --sample N chooses N trajectories without replacement, with probability proportional to recency^P (--recency-bias P; 0 is uniform), where recency is the 1-based rank among the trajectories that reach the sampler, as microsoft/webgym's replay buffer weights its pool. Both hold only what they keep in memory; the same input and --seed give byte-identical output.

--format parquet -o FILE writes the kept trajectories (all of them when no filter is given) as a parquet file for Python trainers and the Hugging Face Hub (datasets, pyarrow, pandas; verl reads parquet): --rows trajectory (default) gives one row per trajectory with its steps as a list of structs, --rows step one row per step with its trajectory's columns repeated. Every column has one type (text, int64, float64, boolean, a list of float64 for the [x, y] coordinate): a missing text is "" and a missing number -1; the task, the run block, the judgment, each action and fields of later versions are JSON text, so every field of the record is in the file. --images path (default) gives each screenshot's path in the store; --images bytes the image files themselves (null for a step without one), as the Hub's Image feature that datasets decodes, read from --shots DIR (else the input file's folder, then its shots/). The file is written whole, through a temporary file renamed when complete, so a failed run leaves none, and it cannot go to stdout. --card FILE also writes a dataset card that declares the column types and says how to load the file.`

  static examples = [
    {
      description: 'What behaviour cloning learns from',
      command: '<%= config.bin %> filter --success judged.ndjson > good.ndjson',
    },
    {
      description: 'Successful, unblocked episodes on one site, without no-effect steps',
      command:
        '<%= config.bin %> filter --success --where judgment.blocked=false --where task.website=shop.webgym.test --drop-repeated-steps judged.ndjson.gz -o good.ndjson',
    },
    {
      description: 'At most 2 recent successes per task, then 10,000 of them biased to newer ones',
      command:
        'cat it1.ndjson it2.ndjson it3.ndjson | <%= config.bin %> filter --success --max-per-task 2 --sample 10000 --recency-bias 2 --seed 7 > batch.ndjson',
    },
    {
      description: 'Hard tasks that hit the horizon, skipping bad lines',
      command: '<%= config.bin %> filter --level hard --status horizon --on-invalid skip judged.ndjson',
    },
    {
      description:
        'Successful trajectories as parquet for the Hub: one row per step, screenshots inside, with a dataset card',
      command:
        '<%= config.bin %> filter --success judged.ndjson --format parquet --rows step --images bytes --shots shots -o hub/data/train.parquet --card hub/README.md',
    },
  ]

  static strict = false
  static args = {
    files: Args.string({
      ignoreStdin: true,
      description: 'Judged trajectory files (NDJSON, optionally .gz); - or none for stdin',
    }),
  }

  static flags = {
    success: Flags.boolean({default: false, description: 'Keep only successful trajectories (judgment.reward is 1).'}),
    'min-reward': Flags.string({
      helpValue: 'R',
      description: 'Keep only trajectories whose judgment.reward is at least R.',
    }),
    status: Flags.string({
      options: [...TRAJECTORY_STATUSES],
      multiple: true,
      multipleNonGreedy: true,
      helpValue: 'STATUS',
      description: 'Keep only trajectories with this status; repeatable (any of them).',
    }),
    level: Flags.string({
      options: [...LEVELS],
      multiple: true,
      multipleNonGreedy: true,
      helpValue: 'LEVEL',
      description: 'Keep only trajectories whose task.level is this; repeatable (any of them).',
    }),
    where: Flags.string({
      multiple: true,
      multipleNonGreedy: true,
      helpValue: 'FIELD=VALUE',
      description:
        'Keep only records whose value at the dotted path FIELD, as text, is VALUE (e.g. task.website=shop.webgym.test, judgment.blocked=false); repeatable, all must hold.',
    }),
    'drop-repeated-steps': Flags.boolean({
      default: false,
      description:
        'Mark steps flagged repeated or whose action left the screen unchanged "train": false (webgym train leaves them out).',
    }),
    'max-per-task': Flags.integer({
      helpValue: 'K',
      description: 'Keep at most K trajectories per task.id, the most recent.',
    }),
    sample: Flags.integer({
      helpValue: 'N',
      description: 'Choose N trajectories at random without replacement (all when fewer), weighted by --recency-bias.',
    }),
    'recency-bias': Flags.string({
      helpValue: 'P',
      description:
        'With --sample: weight each trajectory by recency^P (its rank, oldest 1); 0 (default) is uniform, larger P favours newer ones.',
    }),
    format: Flags.option({
      options: ['ndjson', 'parquet'] as const,
      default: 'ndjson' as const,
      description:
        'ndjson: each kept record as its input line; parquet: a parquet file (needs -o FILE), see the description.',
    })(),
    rows: Flags.option({
      options: ROW_LAYOUTS,
      description: 'parquet: one row per trajectory (its steps a list) or per step [default: trajectory].',
    })(),
    images: Flags.option({
      options: IMAGE_MODES,
      description: "parquet: screenshots as their path in the store, or as the image files' bytes [default: path].",
    })(),
    shots: Flags.string({
      helpValue: 'DIR',
      description:
        "With --images bytes: the screenshot store the records' paths are relative to [default: the input file's folder, then its shots/].",
    }),
    card: Flags.string({
      helpValue: 'FILE',
      description:
        'parquet: also write a Hugging Face dataset card to FILE (README.md of a Hub dataset repository) that names the data file and declares its columns.',
    }),
    ...seedFlag,
    ...ioFlags,
  }

  async run(): Promise<void> {
    const {flags} = this
    const filter = parseFilterOptions({
      success: flags.success,
      minReward: flags['min-reward'],
      statuses: flags.status,
      levels: flags.level,
      where: flags.where,
      dropRepeatedSteps: flags['drop-repeated-steps'],
      maxPerTask: flags['max-per-task'],
      sample: flags.sample,
      recencyBias: flags['recency-bias'],
      seed: flags.seed,
    })
    const parquet = parseTrajectoryExport(
      {
        format: flags.format,
        output: flags.output,
        rows: flags.rows,
        images: flags.images,
        shots: flags.shots,
        card: flags.card,
      },
      this.positionals,
    )
    const invalid = this.invalidRecords()
    const tally = await filterRecords({
      inputs: this.positionals,
      output: flags.output,
      parquet,
      filter,
      invalid,
      maxLineBytes: flags['max-line-bytes'],
    })
    const duplicates = tally.duplicates.warning()
    if (duplicates) this.reporter.warn(`filter: ${duplicates}`)
    this.reporter.info(
      filterSummaryLine(tally, {invalidSkipped: invalid.skipped, dropRepeatedSteps: filter.dropRepeatedSteps}),
    )
    if (parquet)
      this.reporter.info(
        `filter: wrote ${tally.rowsWritten} rows (one per ${parquet.rows}, screenshots as ${parquet.images === 'bytes' ? 'image bytes' : 'store paths'}) to ${flags.output}${parquet.card ? ` and the dataset card ${parquet.card.path}` : ''}`,
      )
  }
}
