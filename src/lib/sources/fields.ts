import {describeValue} from '../errors.js'
import {RowError} from './types.js'

// Reading fields of a source row, with errors that name the field and quote the bad value.

/** Sources write "None", "" or "N/A" for empty fields; they all mean no value. */
export function isEmptyValue(value: unknown): boolean {
  if (value === null || value === undefined) return true
  if (typeof value !== 'string') return false
  const text = value.trim()
  return text === '' || text === 'None' || text === 'null' || text === 'N/A' || text === 'nan' || text === 'NaN'
}

export function requiredText(row: Record<string, unknown>, field: string): string {
  const value = row[field]
  if (value === undefined || value === null) throw new RowError(field, 'missing (required)')
  if (typeof value !== 'string' && typeof value !== 'number')
    throw new RowError(field, `expected text, got ${describeValue(value)}`)
  const text = String(value).trim()
  if (text === '' || text === 'None') throw new RowError(field, `is empty, got ${describeValue(value)}`)
  return text
}

/** An instruction: text only (a number where the intent belongs is a wrong field, not a task). */
export function requiredIntent(row: Record<string, unknown>, field: string): string {
  const value = row[field]
  if (typeof value === 'number')
    throw new RowError(field, `expected the task's instruction as text, got ${describeValue(value)}`)
  return requiredText(row, field)
}

export function optionalText(row: Record<string, unknown>, field: string): string | null {
  const value = row[field]
  if (isEmptyValue(value)) return null
  if (typeof value === 'string') return value.trim()
  if (typeof value === 'number' || typeof value === 'boolean') return String(value)
  throw new RowError(field, `expected text, got ${describeValue(value)}`)
}

/** The first of several alternative field names that the row has (sources renamed fields between versions). */
export function firstPresent(row: Record<string, unknown>, fields: readonly string[]): string {
  return fields.find((field) => !isEmptyValue(row[field])) ?? fields[0]
}

/** The row without the given fields: what goes to `meta`, with the "None" placeholders turned into null. */
export function metaWithout(row: Record<string, unknown>, fields: readonly string[]): Record<string, unknown> {
  const meta: Record<string, unknown> = {}
  for (const key in row) {
    if (fields.includes(key)) continue
    const value = row[key]
    meta[key] = typeof value === 'string' && isEmptyValue(value) ? null : value
  }
  return meta
}

/** Scores how many of the expected keys a sample row has: 1 when all, 0 when a required one is missing. */
export function keyScore(
  sample: Record<string, unknown>,
  required: readonly string[],
  optional: readonly string[] = [],
): number {
  if (!required.every((key) => key in sample)) return 0
  const present = optional.filter((key) => key in sample).length
  return 0.5 + 0.5 * (optional.length === 0 ? 1 : present / optional.length)
}
