import {describeValue} from '../cli/errors.js'
import {parseLevel} from '../schema/level.js'
import {isEmptyValue, metaWithout} from './fields.js'
import {RowError, type SourceAdapter} from './types.js'

/** The Task fields `--map` can fill, and whether a row must have them. */
export const GENERIC_TARGETS = {intent: true, website: false, start_url: false, answer: false, id: false, level: false, domain: false, subdomain: false} as const
export type GenericTarget = keyof typeof GENERIC_TARGETS

// Any JSONL, JSON or CSV task list, mapped with `--map intent=FIELD,website=FIELD,...` (FIELD may be a dotted path).
export const generic: SourceAdapter = {
  name: 'generic',
  description: 'Any JSONL/JSON/CSV/parquet task list, fields named with --map intent=FIELD,website=FIELD,start_url=FIELD,answer=FIELD,id=FIELD[,level=,domain=,subdomain=]',
  detect: () => 0,
  prepare: async (_file, options) => options.fieldMap,
  toTask: (row, context) => {
    const map = context.extra as Partial<Record<GenericTarget, string>>
    const read = (target: GenericTarget): string | null => {
      const field = map[target]
      if (!field) return null
      const value = valueAtPath(row, field)
      if (isEmptyValue(value)) {
        if (GENERIC_TARGETS[target]) throw new RowError(field, `missing (mapped to ${target})`)
        return null
      }
      if (typeof value !== 'string' && typeof value !== 'number') throw new RowError(field, `expected text for ${target}, got ${describeValue(value)}`)
      return String(value).trim()
    }
    const mappedTopLevel = Object.values(map).filter((field): field is string => Boolean(field) && !field!.includes('.'))
    return {
      nativeId: read('id'),
      intent: read('intent') as string,
      website: read('website') ?? read('start_url'),
      startUrl: read('start_url'),
      referenceAnswer: read('answer'),
      level: parseLevel(read('level')),
      domain: read('domain'),
      subdomain: read('subdomain'),
      meta: metaWithout(row, mappedTopLevel),
    }
  },
}

const splitPaths = new Map<string, string[]>()

function valueAtPath(row: Record<string, unknown>, path: string): unknown {
  if (path in row || !path.includes('.')) return row[path]
  let keys = splitPaths.get(path)
  if (!keys) splitPaths.set(path, (keys = path.split('.')))
  let current: unknown = row
  for (const key of keys) {
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
