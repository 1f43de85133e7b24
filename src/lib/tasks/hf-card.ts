import {cardFrontMatter, columnTable} from '../export/dataset-card.js'
import {hasSourceRubric} from '../rubric/rubric-origin.js'
import type {Task} from '../schema/task.js'
import {hfRowColumns} from './hf-columns.js'

interface SourceTally {
  tasks: number
  withRubric: number
  sourceRubric: number
}

/**
 * A Hugging Face dataset card (README.md) for the rows `tasks export --format hf` (JSON Lines) or `--format parquet`
 * writes: YAML metadata that names the data file and declares every column's type (so the Hub and `load_dataset(DIR)`
 * need not infer them), then what the tasks are, per source and level, the columns, and how to load them.
 * Deterministic: no dates.
 */
export class HfDatasetCard {
  private count = 0
  private readonly sources = new Map<string, SourceTally>()
  private readonly levels = new Map<string, number>()

  add(task: Task): void {
    this.count++
    let tally = this.sources.get(task.source)
    if (!tally) this.sources.set(task.source, (tally = {tasks: 0, withRubric: 0, sourceRubric: 0}))
    tally.tasks++
    if (task.rubric) tally.withRubric++
    if (hasSourceRubric(task)) tally.sourceRubric++
    const level = task.level ?? 'none'
    this.levels.set(level, (this.levels.get(level) ?? 0) + 1)
  }

  /** The card's text; `dataFile` is the data file's path relative to the card, `format` the data file's. */
  render(options: {dataFile: string; title: string; webgymVersion: string; format: 'json' | 'parquet'}): string {
    const columns = hfRowColumns()
    const yaml = cardFrontMatter({
      title: options.title,
      tags: ['web-agents', 'webgym'],
      rows: this.count,
      dataFile: options.dataFile,
      columns,
    })
    const parquet = options.format === 'parquet'
    const bySource = [...this.sources.entries()].sort(([a], [b]) => a.localeCompare(b))
    const body = [
      `# ${options.title}`,
      '',
      `Web tasks for training and evaluating visual web agents: ${this.count} tasks, exported by webgym ${options.webgymVersion} with \`webgym tasks export --format ${parquet ? 'parquet' : 'hf'}\`.`,
      `One row per task, in \`${options.dataFile}\`.`,
      '',
      '## Sources',
      '',
      '| source | tasks | with a rubric | rubric given by the source (no model) |',
      '|---|---:|---:|---:|',
      ...bySource.map(
        ([source, tally]) => `| ${source} | ${tally.tasks} | ${tally.withRubric} | ${tally.sourceRubric} |`,
      ),
      '',
      '## Levels',
      '',
      '| level | tasks |',
      '|---|---:|',
      ...['easy', 'medium', 'hard', 'none']
        .filter((level) => this.levels.has(level))
        .map((level) => `| ${level} | ${this.levels.get(level)} |`),
      '',
      "Difficulty is the number of facts in the rubric; easy is 1-3 facts, medium 4-6, hard 7 or more (a source's own level is kept where it has one).",
      '',
      '## Columns',
      '',
      ...columnTable(columns),
      '',
      'No column is ever null: a missing text is `""` and a missing difficulty `-1`, so every column keeps one type however the rows are ordered.',
      'The parts whose shape varies by task or source are JSON text.',
      '',
      '## Loading',
      '',
      '```python',
      'import json',
      'from datasets import load_dataset',
      '',
      `tasks = load_dataset(${parquet ? '"parquet"' : '"json"'}, data_files=${JSON.stringify(options.dataFile)}, split="train")`,
      'rubric = json.loads(tasks[0]["rubric"])  # None, or {"fact_groups": [{"id", "description", "facts": [...]}]}',
      'meta = json.loads(tasks[0]["meta"])',
      ...(parquet
        ? [
            '',
            'import pyarrow.parquet as pq',
            '',
            `table = pq.read_table(${JSON.stringify(options.dataFile)})  # or pandas.read_parquet`,
          ]
        : []),
      '```',
      '',
      `Back to webgym Task records: \`webgym tasks build --source hf ${options.dataFile}\`.`,
      '',
      '## Licence',
      '',
      'Each task keeps the licence of the source task set it comes from (the `source` column); see those sets before redistributing.',
      '',
    ]
    return [...yaml, '', ...body].join('\n')
  }
}
