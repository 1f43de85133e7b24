import {cardFrontMatter, columnTable} from './dataset-card.js'
import {EPISODE_COLUMNS, stepColumns, trajectoryColumns, type TrajectoryLayout} from './trajectory-columns.js'
import type {TrajectoryRecord} from './trajectory-rows.js'

interface Outcome {
  trajectories: number
  successes: number
}

/**
 * A Hugging Face dataset card (README.md) for judged trajectories as parquet: YAML that names the data file and
 * declares every column's type (images as the Image feature), what the trajectories are (outcomes, levels, steps),
 * the columns, and how to load them in Python. Deterministic: no dates.
 */
export class TrajectoryCard {
  private trajectories = 0
  private steps = 0
  private notToTrain = 0
  private readonly statuses = new Map<string, Outcome>()
  private readonly levels = new Map<string, Outcome>()

  constructor(private readonly layout: TrajectoryLayout) {}

  add(record: TrajectoryRecord): void {
    this.trajectories++
    this.steps += record.steps.length
    this.notToTrain += record.steps.filter((step) => step.train === false).length
    const success = record.judgment.reward === 1 ? 1 : 0
    count(this.statuses, record.status, success)
    count(this.levels, record.task.level ?? 'none', success)
  }

  /** The card's text; `dataFile` is the data file's path relative to the card, `rows` the rows in it. */
  render(options: {dataFile: string; title: string; rows: number; webgymVersion: string}): string {
    const {rows, images} = this.layout
    const data = JSON.stringify(options.dataFile)
    const successes = [...this.statuses.values()].reduce((sum, outcome) => sum + outcome.successes, 0)
    const yaml = cardFrontMatter({
      title: options.title,
      tags: ['web-agents', 'webgym', 'trajectories'],
      rows: options.rows,
      dataFile: options.dataFile,
      columns: trajectoryColumns(this.layout),
    })
    const body = [
      `# ${options.title}`,
      '',
      `Judged trajectories of a visual web agent: ${this.trajectories} trajectories of ${this.steps} steps${this.notToTrain > 0 ? ` (${this.notToTrain} of them marked not to train on by \`filter --drop-repeated-steps\`)` : ''}, ${successes} successful (reward 1). Exported by webgym ${options.webgymVersion} with \`${exportCommand(rows, images)}\`.`,
      rows === 'step'
        ? `One row per step, in \`${options.dataFile}\`, in episode order; each row repeats its trajectory's columns.`
        : `One row per trajectory, in \`${options.dataFile}\`; its steps are the list \`steps\`, in order.`,
      '',
      '## Outcomes',
      '',
      '| status | trajectories | successful |',
      '|---|---:|---:|',
      ...table(this.statuses, ['answered', 'horizon', 'stuck', 'blocked', 'error', 'aborted']),
      '',
      '## Levels',
      '',
      '| level | trajectories | successful |',
      '|---|---:|---:|',
      ...table(this.levels, ['easy', 'medium', 'hard', 'none']),
      '',
      '## Columns',
      '',
      ...columnTable(rows === 'step' ? EPISODE_COLUMNS : trajectoryColumns(this.layout)),
      '',
      rows === 'step' ? 'And the step of the row:' : 'Each element of `steps`:',
      '',
      ...columnTable(stepColumns(images)),
      '',
      'Every column has one type in every row: a missing text is `""` and a missing number `-1`' +
        (images === 'bytes' ? ' (only a step without a screenshot has a null `screenshot`).' : '.') +
        ' The parts whose shape varies (the task, the run block, the judgment, the action and fields of later webgym versions) are JSON text, so every field of the webgym record is in some column.',
      '',
      '## Screenshots',
      '',
      images === 'bytes'
        ? "The `screenshot` column holds each image file as the rollout stored it (JPEG or PNG) with its name in the store, as the Hub's Image feature: `datasets` gives a PIL image."
        : "The `screenshot` column is the image's path in the screenshot store the rollout wrote (the folder of `webgym rollout --shots`, `shots/` by default); the images are not in this file. Publish the store beside the data, or export with `webgym filter --images bytes` to put them in.",
      '',
      '## Loading',
      '',
      '```python',
      'import json',
      'from datasets import load_dataset',
      '',
      `rows = load_dataset("parquet", data_files=${data}, split="train")`,
      ...(rows === 'step'
        ? [
            '# What behaviour cloning learns from: steps of successful trajectories that filter kept for training.',
            'bc = rows.filter(lambda row: row["reward"] == 1 and row["train"])',
            'action = json.loads(bc[0]["action"])',
          ]
        : [
            'first = rows[0]',
            'print(first["intent"], first["reward"], len(first["steps"]), first["steps"][0]["response"])',
          ]),
      ...(images === 'bytes'
        ? [
            rows === 'step'
              ? 'picture = rows[0]["screenshot"]  # a PIL image'
              : 'picture = rows[0]["steps"][0]["screenshot"]  # a PIL image',
          ]
        : [
            'from PIL import Image',
            rows === 'step'
              ? 'picture = Image.open("shots/" + rows[0]["screenshot"])  # the screenshot store'
              : 'picture = Image.open("shots/" + rows[0]["steps"][0]["screenshot"])  # the screenshot store',
          ]),
      '',
      'import pyarrow.parquet as pq',
      '',
      `table = pq.read_table(${data})  # or pandas.read_parquet`,
      '```',
      '',
      '## Licence',
      '',
      'Each task keeps the licence of the task set it comes from (the `source` in `task`); the screenshots show the websites the agent visited.',
      '',
    ]
    return [...yaml, '', ...body].join('\n')
  }
}

function count(map: Map<string, Outcome>, key: string, success: number): void {
  const outcome = map.get(key) ?? {trajectories: 0, successes: 0}
  outcome.trajectories++
  outcome.successes += success
  map.set(key, outcome)
}

function table(map: Map<string, Outcome>, order: readonly string[]): string[] {
  const keys = [...order.filter((key) => map.has(key)), ...[...map.keys()].filter((key) => !order.includes(key))]
  return keys.map((key) => `| ${key} | ${map.get(key)!.trajectories} | ${map.get(key)!.successes} |`)
}

/** The command line that wrote the export, as the card quotes it. */
function exportCommand(rows: string, images: string): string {
  return ['webgym', 'filter', '--format', 'parquet', '--rows', rows, '--images', images].join(' ')
}
