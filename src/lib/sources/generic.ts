import {describeValue} from '../cli/errors.js'
import {parseLevel} from '../schema/level.js'
import {isEmptyValue, metaWithout} from './fields.js'
import {RowError, type SourceAdapter} from './types.js'

/** The Task fields `--map` can fill, and whether a row must have them. */
export const GENERIC_TARGETS = {intent: true, website: false, start_url: false, answer: false, id: false, level: false, domain: false, subdomain: false} as const
export type GenericTarget = keyof typeof GENERIC_TARGETS

/** A `--map` ready to apply to many rows: each target with its field path, and the top-level fields it uses. */
interface CompiledMap {
  targets: {target: GenericTarget; field: string; path: string[]}[]
  mappedTopLevel: string[]
  /** Dotted paths that were mapped: their leaves are taken out of meta, so a value is not kept twice. */
  mappedNested: string[][]
}

function compileFieldMap(map: Partial<Record<GenericTarget, string>> = {}): CompiledMap {
  const targets = Object.entries(map)
    .filter((entry): entry is [GenericTarget, string] => Boolean(entry[1]))
    .map(([target, field]) => ({target, field, path: field.split('.')}))
  return {
    targets,
    mappedTopLevel: targets.filter((entry) => entry.path.length === 1).map((entry) => entry.field),
    mappedNested: targets.filter((entry) => entry.path.length > 1).map((entry) => entry.path),
  }
}

// Any JSONL, JSON or CSV task list, mapped with `--map intent=FIELD,website=FIELD,...` (FIELD may be a dotted path).
export const generic: SourceAdapter = {
  name: 'generic',
  description: 'Any JSONL/JSON/CSV/parquet task list, fields named with --map intent=FIELD,website=FIELD,start_url=FIELD,answer=FIELD,id=FIELD[,level=,domain=,subdomain=]',
  detect: () => 0,
  prepare: async (_file, options) => compileFieldMap(options.fieldMap),
  toTask: (row, context) => {
    const map = context.extra as CompiledMap
    const values: Partial<Record<GenericTarget, string>> = {}
    for (const {target, field, path} of map.targets) {
      const value = field in row ? row[field] : valueAtPath(row, path)
      if (isEmptyValue(value)) {
        if (GENERIC_TARGETS[target]) throw new RowError(field, `missing (mapped to ${target})`)
        continue
      }
      if (typeof value !== 'string' && typeof value !== 'number') throw new RowError(field, `expected text for ${target}, got ${describeValue(value)}`)
      values[target] = String(value).trim()
    }
    return {
      nativeId: values.id ?? null,
      intent: values.intent as string,
      website: values.website ?? values.start_url ?? null,
      startUrl: values.start_url ?? null,
      referenceAnswer: values.answer ?? null,
      level: parseLevel(values.level),
      domain: values.domain ?? null,
      subdomain: values.subdomain ?? null,
      meta: withoutPaths(metaWithout(row, map.mappedTopLevel), map.mappedNested),
    }
  },
}

// Removes mapped leaves from nested objects (copying, never changing the row), and objects left empty.
function withoutPaths(meta: Record<string, unknown>, paths: readonly string[][]): Record<string, unknown> {
  for (const path of paths) {
    if (path.join('.') in meta) continue
    meta[path[0]] = removeLeaf(meta[path[0]], path.slice(1))
    if (meta[path[0]] === undefined) delete meta[path[0]]
  }
  return meta
}

function removeLeaf(value: unknown, path: readonly string[]): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value) || !(path[0] in value)) return value
  const copy: Record<string, unknown> = {...(value as Record<string, unknown>)}
  if (path.length === 1) delete copy[path[0]]
  else {
    copy[path[0]] = removeLeaf(copy[path[0]], path.slice(1))
    if (copy[path[0]] === undefined) delete copy[path[0]]
  }
  return Object.keys(copy).length === 0 ? undefined : copy
}

function valueAtPath(row: Record<string, unknown>, path: readonly string[]): unknown {
  let current: unknown = row
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined
    current = (current as Record<string, unknown>)[key]
  }
  return current
}

/** Parses `--map intent=question,website=site` into a field map, rejecting unknown targets by name. */
export function parseFieldMap(text: string): Partial<Record<GenericTarget, string>> {
  const map: Partial<Record<GenericTarget, string>> = {}
  for (const pair of text.split(',').map((part) => part.trim()).filter(Boolean)) {
    const [target, field] = pair.split('=').map((part) => part?.trim())
    if (!field) throw new Error(`"${pair}" is not TARGET=FIELD`)
    if (!(target in GENERIC_TARGETS)) throw new Error(`unknown target "${target}" in "${pair}" (targets: ${Object.keys(GENERIC_TARGETS).join(', ')})`)
    map[target as GenericTarget] = field
  }
  if (!map.intent) throw new Error('the map must name the intent field (intent=FIELD)')
  return map
}
