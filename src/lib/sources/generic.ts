import {describeValue} from '../errors.js'
import {opt, optionText} from '../option-text.js'
import {parseLevel} from '../schema/level.js'
import {isEmptyValue, metaWithout} from './fields.js'
import {RowError, type SourceAdapter} from './types.js'

/** The Task fields `--map` can fill, and whether a row must have them. */
export const GENERIC_TARGETS = {
  intent: true,
  website: false,
  start_url: false,
  answer: false,
  id: false,
  level: false,
  domain: false,
  subdomain: false,
} as const
export type GenericTarget = keyof typeof GENERIC_TARGETS

/** A `--map` ready to apply to many rows: each target with its field path, and the top-level fields it uses. */
interface CompiledMap {
  targets: {target: GenericTarget; field: string; path: string[]}[]
  mappedTopLevel: string[]
  /** Dotted paths that were mapped, as a tree: their leaves are taken out of meta, so a value is not kept twice. */
  mappedNested: PathTree
}

/** Mapped paths below one object: leaves to drop here, and deeper trees by key. */
interface PathTree {
  leaves: Set<string>
  deeper: Map<string, PathTree>
}

function pathTree(paths: readonly string[][]): PathTree {
  const tree: PathTree = {leaves: new Set(), deeper: new Map()}
  const below = new Map<string, string[][]>()
  for (const [first, ...rest] of paths) {
    if (rest.length === 0) tree.leaves.add(first)
    else below.set(first, [...(below.get(first) ?? []), rest])
  }
  for (const [key, rests] of below) tree.deeper.set(key, pathTree(rests))
  return tree
}

function compileFieldMap(map: Partial<Record<GenericTarget, string>> = {}): CompiledMap {
  const targets = Object.entries(map)
    .filter((entry): entry is [GenericTarget, string] => Boolean(entry[1]))
    .map(([target, field]) => ({target, field, path: field.split('.')}))
  return {
    targets,
    mappedTopLevel: targets.filter((entry) => entry.path.length === 1).map((entry) => entry.field),
    mappedNested: pathTree(targets.filter((entry) => entry.path.length > 1).map((entry) => entry.path)),
  }
}

// Any JSONL, JSON or CSV task list, mapped with `--map intent=FIELD,website=FIELD,...` (FIELD may be a dotted path).
export const generic: SourceAdapter = {
  name: 'generic',
  description: optionText`Any JSONL/JSON/CSV/parquet task list, fields named with ${opt('map')} intent=FIELD,website=FIELD,start_url=FIELD,answer=FIELD,id=FIELD[,level=,domain=,subdomain=]`,
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
      if (typeof value !== 'string' && typeof value !== 'number')
        throw new RowError(field, `expected text for ${target}, got ${describeValue(value)}`)
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

// Removes mapped leaves from nested objects of meta (copying, never changing the row), and objects left empty.
function withoutPaths(meta: Record<string, unknown>, tree: PathTree): Record<string, unknown> {
  for (const [key, below] of tree.deeper) {
    if (!(key in meta)) continue
    const kept = withoutLeaves(meta[key], below)
    if (kept === undefined) delete meta[key]
    else meta[key] = kept
  }
  return meta
}

function withoutLeaves(value: unknown, tree: PathTree): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value
  const copy: Record<string, unknown> = {}
  let empty = true
  for (const key in value as Record<string, unknown>) {
    if (tree.leaves.has(key)) continue
    const below = tree.deeper.get(key)
    const kept = below
      ? withoutLeaves((value as Record<string, unknown>)[key], below)
      : (value as Record<string, unknown>)[key]
    if (kept === undefined) continue
    copy[key] = kept
    empty = false
  }
  return empty ? undefined : copy
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
  for (const pair of text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)) {
    const [target, field] = pair.split('=').map((part) => part?.trim())
    if (!field) throw new Error(`"${pair}" is not TARGET=FIELD`)
    if (!(target in GENERIC_TARGETS))
      throw new Error(`unknown target "${target}" in "${pair}" (targets: ${Object.keys(GENERIC_TARGETS).join(', ')})`)
    map[target as GenericTarget] = field
  }
  if (!map.intent) throw new Error('the map must name the intent field (intent=FIELD)')
  return map
}
