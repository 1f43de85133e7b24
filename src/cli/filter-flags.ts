import {UsageError} from '../lib/errors.js'
import type {FilterOptions, SampleOptions, WhereClause} from '../lib/filter/filter-options.js'
import {LEVELS} from '../lib/schema/level.js'
import {TRAJECTORY_STATUSES} from '../lib/schema/trajectory.js'

// `webgym filter`'s flags turned into FilterOptions: every value and combination checked, quoted when bad.

/** The flag values as the command parsed them (strings where the text needs its own check). */
export interface FilterFlagValues {
  success?: boolean
  minReward?: string
  statuses?: readonly string[]
  levels?: readonly string[]
  where?: readonly string[]
  dropRepeatedSteps?: boolean
  maxPerTask?: number
  sample?: number
  recencyBias?: string
  seed?: number
}

// Turns flag values into FilterOptions, or a UsageError (exit 2) that quotes the bad value.
export function parseFilterOptions(flags: FilterFlagValues): FilterOptions {
  if (flags.recencyBias !== undefined && flags.sample === undefined) {
    throw new UsageError('--recency-bias needs --sample N', 'add --sample N, the number of trajectories to choose')
  }
  return {
    success: flags.success ?? false,
    minReward:
      flags.minReward === undefined
        ? null
        : parseNumber('--min-reward', flags.minReward, 'rewards are 0 or 1, e.g. --min-reward 1'),
    statuses: oneOf('--status', flags.statuses ?? [], TRAJECTORY_STATUSES),
    levels: oneOf('--level', flags.levels ?? [], LEVELS),
    where: (flags.where ?? []).map((text) => parseWhere(text)),
    dropRepeatedSteps: flags.dropRepeatedSteps ?? false,
    maxPerTask: flags.maxPerTask === undefined ? null : positiveInteger('--max-per-task', flags.maxPerTask),
    sample: flags.sample === undefined ? null : parseSample(flags),
  }
}

/** Parses `FIELD=VALUE`: FIELD a dotted path (task.website, judgment.blocked, steps.0.url), VALUE any text. */
export function parseWhere(text: string): WhereClause {
  const hint = 'write FIELD=VALUE with a dotted path, e.g. --where task.website=shop.webgym.test'
  const equals = text.indexOf('=')
  if (equals < 0) throw new UsageError(`--where ${JSON.stringify(text)} has no "="`, hint)
  const field = text.slice(0, equals)
  if (field.trim() === '') throw new UsageError(`--where ${JSON.stringify(text)} names no field before "="`, hint)
  const path = field.split('.')
  if (path.some((part) => part === '' || part.trim() !== part)) {
    throw new UsageError(
      `--where ${JSON.stringify(text)}: field ${JSON.stringify(field)} has an empty or space-padded part`,
      hint,
    )
  }
  return {text, path, value: text.slice(equals + 1)}
}

function parseSample(flags: FilterFlagValues): SampleOptions {
  const recencyBias =
    flags.recencyBias === undefined
      ? 0
      : parseNumber('--recency-bias', flags.recencyBias, '0 is uniform, 1 linear in recency, 2 quadratic')
  if (recencyBias < 0)
    throw new UsageError(
      `--recency-bias must be 0 or more, got ${flags.recencyBias}`,
      '0 is uniform, 1 linear in recency, 2 quadratic',
    )
  return {size: positiveInteger('--sample', flags.sample!), recencyBias, seed: flags.seed ?? 0}
}

function parseNumber(flag: string, text: string, hint: string): number {
  const value = Number(text)
  if (text.trim() === '' || !Number.isFinite(value))
    throw new UsageError(`${flag} must be a number, got ${JSON.stringify(text)}`, hint)
  return value
}

function positiveInteger(flag: string, value: number): number {
  if (!Number.isSafeInteger(value) || value < 1)
    throw new UsageError(`${flag} must be a whole number of at least 1, got ${value}`)
  return value
}

function oneOf<T extends string>(flag: string, values: readonly string[], allowed: readonly T[]): T[] {
  for (const value of values) {
    if (!(allowed as readonly string[]).includes(value)) {
      throw new UsageError(`${flag} ${JSON.stringify(value)} is not one of ${allowed.join(', ')}`)
    }
  }
  return [...new Set(values)] as T[]
}
