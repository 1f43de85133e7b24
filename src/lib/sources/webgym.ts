import {levelForDifficulty, parseLevel} from '../schema/level.js'
import type {Rubric} from '../schema/rubric.js'
import type {WebgymRowSchema, WebgymRow} from '../schema/webgym-row.js'
import {describeIssue} from '../io/zod-issue.js'
import {metaWithout} from './fields.js'
import {RowError, type DraftSourceAdapter} from './types.js'

// The columns of a microsoft/webgym task row that map onto Task fields; everything else goes to meta.
export const WEBGYM_ROW_FIELDS = [
  'task_id',
  'task_name',
  'website',
  'domain',
  'subdomain',
  'difficulty',
  'evaluator_reference',
  'definite_answer',
  'benchmark_name',
  'level',
] as const

// microsoft/webgym task rows. `benchmark_name` (the original task set) becomes the task's source, so rows that
// `webgym tasks export --format webgym` wrote come back with their ids and sources.
export const webgym: DraftSourceAdapter = {
  name: 'webgym',
  description: 'microsoft/webgym task rows (task_name, website, evaluator_reference, ...), as tasks export writes them',
  fileHints: ['webgym'],
  detect: (sample) =>
    'task_name' in sample && ('evaluator_reference' in sample || 'definite_answer' in sample) ? 1 : 0,
  // The row schema (and with it the schema library) loads for a file of this source only, so that every other
  // source's conversion workers start without it.
  prepare: async (): Promise<WebgymPrepared> => ({
    rowSchema: (await import('../schema/webgym-row.js')).WebgymRowSchema,
  }),
  toTask: (given, context) => {
    const prepared = context.extra as WebgymPrepared | undefined
    if (!prepared?.rowSchema) throw new Error('webgym.toTask needs the context that webgym.prepare returns')
    const raw = fromTextColumns(given)
    const parsed = prepared.rowSchema.safeParse(raw)
    if (!parsed.success) {
      const {field, problem} = describeIssue(parsed.error, raw)
      throw new RowError(field, problem)
    }
    const row = parsed.data
    const source = row.benchmark_name?.trim() || 'webgym'
    const rubric = rubricOfEvaluatorReference(row.evaluator_reference)
    const difficulty = row.difficulty ?? null
    const meta = metaWithout(raw, [...WEBGYM_ROW_FIELDS])
    if (source !== 'webgym') meta.via = 'webgym'
    return {
      nativeId: row.task_id.startsWith(`${source}:`) ? row.task_id.slice(source.length + 1) : row.task_id,
      source,
      intent: row.task_name,
      website: row.website?.trim() || null,
      startUrl: row.website?.trim() || null,
      referenceAnswer: row.definite_answer?.trim() ? row.definite_answer.trim() : null,
      level: parseLevel(raw.level) ?? (difficulty === null || difficulty < 1 ? null : levelForDifficulty(difficulty)),
      domain: row.domain?.trim() || null,
      subdomain: row.subdomain?.trim() || null,
      rubric,
      difficulty,
      meta,
    }
  },
}

interface WebgymPrepared {
  rowSchema: typeof WebgymRowSchema
}

// Rows from a CSV (or the reference code's HF-dataset loader) hold numbers as text and evaluator_reference as a
// JSON string; read them as the JSONL rows hold them.
function fromTextColumns(raw: Record<string, unknown>): Record<string, unknown> {
  const row = {...raw}
  for (const field of ['difficulty', 'attempt_level']) {
    const value = row[field]
    if (typeof value === 'string')
      row[field] = /^-?\d+$/.test(value.trim()) ? Number(value) : value.trim() === '' ? null : value
  }
  const reference = row.evaluator_reference
  if (typeof reference === 'string' && /^\s*\[/.test(reference)) {
    try {
      row.evaluator_reference = JSON.parse(reference)
    } catch {
      throw new RowError('evaluator_reference', 'starts like a JSON list but does not parse as JSON')
    }
  }
  return row
}

/** Reads any evaluator_reference shape the reference code accepts into a fact-group rubric. */
export function rubricOfEvaluatorReference(reference: WebgymRow['evaluator_reference']): Rubric | null {
  if (reference === null || reference === undefined) return null
  if (typeof reference === 'string')
    return reference.trim() ? {fact_groups: [{id: 1, description: 'Criteria', facts: [reference.trim()]}]} : null
  if (reference.length === 0) return null
  const items = reference as unknown[]
  if (items.every((item) => typeof item === 'object' && item !== null && 'facts' in item)) {
    const groups = (items as {id: string | number; description: string; facts: string[]}[]).filter(
      (group) => group.facts.length > 0,
    )
    return groups.length > 0
      ? {fact_groups: groups.map(({id, description, facts}) => ({id, description, facts}))}
      : null
  }
  const facts = items
    .map((item) => (typeof item === 'string' ? item : (item as {description: string}).description))
    .filter((fact) => fact.trim())
  return facts.length > 0 ? {fact_groups: [{id: 1, description: 'Criteria', facts}]} : null
}
