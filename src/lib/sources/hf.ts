import {describeValue} from '../errors.js'
import {describeIssue} from '../io/zod-issue.js'
import {HF_NO_DIFFICULTY, type HfRowSchema} from '../schema/hf-row.js'
import type {TaskSchema} from '../schema/task.js'
import {RowError, type RecordSourceAdapter} from './types.js'

// Rows that `tasks export --format hf` wrote (or a `datasets` user saved again as JSON Lines, CSV or parquet): each is
// read back into the Task record it was. A column the export did not write becomes a top-level field of the task.
export const hfRows: RecordSourceAdapter = {
  name: 'hf',
  description:
    'Hugging Face datasets rows, as tasks export --format hf writes them (JSONL; CSV or parquet saved by datasets too); read back into the same Task records',
  detect: (sample) =>
    ['id', 'source', 'intent'].every((key) => key in sample) &&
    typeof sample.meta === 'string' &&
    typeof sample.rubric === 'string'
      ? 1
      : 0,
  // The schema library loads for a file of this source only, so that other sources' conversion workers start without it.
  prepare: async (): Promise<HfPrepared> => ({
    rowSchema: (await import('../schema/hf-row.js')).HfRowSchema,
    taskSchema: (await import('../schema/task.js')).TaskSchema,
  }),
  toRecord: (given, context) => {
    const prepared = context.extra as HfPrepared | undefined
    if (!prepared?.rowSchema) throw new Error('hfRows.toRecord needs the context that hfRows.prepare returns')
    const raw = {...given, difficulty: integerOf(given.difficulty)}
    const parsedRow = prepared.rowSchema.safeParse(raw)
    if (!parsedRow.success) throw rowError(parsedRow.error, raw)
    const {
      id,
      source,
      intent,
      website,
      start_url,
      reference_answer,
      domain,
      subdomain,
      rubric,
      difficulty,
      level,
      parent_id,
      meta,
      provenance,
      extra,
      ...columns
    } = parsedRow.data
    const stages = jsonOf(provenance, 'provenance', 'object') as Record<string, unknown>
    // Other columns and `extra` go first, so that none of them can stand in for a Task field of the row.
    const task = {
      ...columns,
      ...(jsonOf(extra, 'extra', 'object') as Record<string, unknown>),
      id,
      source,
      intent,
      website: website || null,
      start_url: start_url || null,
      reference_answer: reference_answer || null,
      domain: domain || null,
      subdomain: subdomain || null,
      rubric: jsonOf(rubric, 'rubric', 'object or null'),
      difficulty: difficulty === HF_NO_DIFFICULTY ? null : difficulty,
      level: level || null,
      parent_id: parent_id || null,
      meta: jsonOf(meta, 'meta', 'object'),
      ...(Object.keys(stages).length > 0 ? {provenance: stages} : {}),
    }
    const parsedTask = prepared.taskSchema.safeParse(task)
    if (!parsedTask.success) throw rowError(parsedTask.error, task)
    return parsedTask.data
  },
}

interface HfPrepared {
  rowSchema: typeof HfRowSchema
  taskSchema: typeof TaskSchema
}

function rowError(error: Parameters<typeof describeIssue>[0], value: unknown): RowError {
  const {field, problem} = describeIssue(error, value)
  return new RowError(field, problem)
}

// CSV holds numbers as text and parquet int64 columns come as bigint: read both as the JSON Lines rows hold them.
function integerOf(value: unknown): unknown {
  if (typeof value === 'bigint') return Number(value)
  if (typeof value === 'string' && /^\s*-?\d+\s*$/.test(value)) return Number(value)
  return value
}

/** A JSON-text column, parsed: an object (or null where allowed), else a RowError naming the column. */
function jsonOf(text: string, column: string, expected: 'object' | 'object or null'): unknown {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    throw new RowError(column, `expected JSON text of an ${expected}, got ${describeValue(text)} (not valid JSON)`)
  }
  const isObject = value !== null && typeof value === 'object' && !Array.isArray(value)
  if (!isObject && !(value === null && expected === 'object or null'))
    throw new RowError(column, `expected JSON text of an ${expected}, got JSON ${describeValue(value)}`)
  return value
}
