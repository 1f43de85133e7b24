import {Flags} from '@oclif/core'
import type {Shard} from '../lib/batch/shard.js'
import {UsageError} from '../lib/errors.js'

// The flag of every command that can split its records over several processes.
export const shardFlag = {
  shard: Flags.string({
    env: 'WEBGYM_SHARD',
    helpValue: 'I/N',
    description:
      'Work only on the records whose task id hashes to shard I of N (0-based), so N processes on N machines together do every task once; `cat` their outputs for the whole. Not given: taken from a Slurm job array --array=0-(N-1) (SLURM_ARRAY_TASK_ID and its count; a resubmitted part of the array needs WEBGYM_SHARD_COUNT=N) or a Kubernetes Indexed Job (JOB_COMPLETION_INDEX, with the completions count in WEBGYM_SHARD_COUNT); --shard 0/1 turns that off.',
  }),
}

/**
 * The shard a command works on: `--shard I/N` (or WEBGYM_SHARD) when given, else the scheduler's array index from the
 * environment, else none (every record).
 */
export function shardFromFlag(text: string | undefined, env: NodeJS.ProcessEnv = process.env): Shard | undefined {
  if (text !== undefined) return parseShard(text, '--shard')
  if (env.SLURM_ARRAY_TASK_ID !== undefined && env.SLURM_ARRAY_TASK_ID !== '') return slurmShard(env)
  if (env.JOB_COMPLETION_INDEX !== undefined && env.JOB_COMPLETION_INDEX !== '') return indexedJobShard(env)
  return undefined
}

export function parseShard(text: string, what: string): Shard {
  const match = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(text)
  const index = Number(match?.[1])
  const count = Number(match?.[2])
  if (!match || count < 1 || index >= count || count > 1_000_000) {
    throw new UsageError(`${what} must be I/N with 0 <= I < N, e.g. 0/4 for the first of four shards, got "${text}"`)
  }
  return {index, count}
}

function integerVariable(env: NodeJS.ProcessEnv, name: string): number | undefined {
  const text = env[name]
  if (text === undefined || text === '') return undefined
  const value = Number(text)
  if (!Number.isInteger(value) || value < 0)
    throw new UsageError(`${name} is "${text}", not a whole number`, 'pass --shard I/N to choose the shard yourself')
  return value
}

// A Slurm array: the task ids are the shard numbers. A whole array --array=0-(N-1) says N itself; a resubmitted part
// of one (--array=2, --array=4-7) or an offset array cannot, so it needs WEBGYM_SHARD_COUNT (which wins when set).
function slurmShard(env: NodeJS.ProcessEnv): Shard {
  const index = integerVariable(env, 'SLURM_ARRAY_TASK_ID')!
  const given = integerVariable(env, 'WEBGYM_SHARD_COUNT')
  if (given !== undefined) {
    if (given < 1 || index >= given)
      throw new UsageError(
        `SLURM_ARRAY_TASK_ID ${index} is not below WEBGYM_SHARD_COUNT ${given}`,
        'the array task ids are the shard numbers 0 to N-1',
      )
    return {index, count: given, from: 'SLURM_ARRAY_TASK_ID'}
  }
  const min = integerVariable(env, 'SLURM_ARRAY_TASK_MIN') ?? 0
  const max = integerVariable(env, 'SLURM_ARRAY_TASK_MAX')
  const step = integerVariable(env, 'SLURM_ARRAY_TASK_STEP') ?? 1
  const count =
    integerVariable(env, 'SLURM_ARRAY_TASK_COUNT') ??
    (max === undefined ? undefined : Math.floor((max - min) / Math.max(1, step)) + 1)
  const whole =
    count !== undefined && min === 0 && step === 1 && (max === undefined || max === count - 1) && index < count
  if (!whole) {
    const range =
      max === undefined ? `of ${count ?? 'an unknown number of'} tasks` : `${min}-${max}${step > 1 ? `:${step}` : ''}`
    throw new UsageError(
      `SLURM_ARRAY_TASK_ID ${index} is from the array ${range}, not a whole --array=0-(N-1): the number of shards cannot be told (a resubmitted shard?)`,
      `set WEBGYM_SHARD_COUNT=N (the task ids are the shard numbers), or pass --shard ${index}/N`,
    )
  }
  return {index, count: count!, from: 'SLURM_ARRAY_TASK_ID'}
}

// A Kubernetes Indexed Job: JOB_COMPLETION_INDEX is 0..completions-1; the Job passes its completions count in.
function indexedJobShard(env: NodeJS.ProcessEnv): Shard {
  const index = integerVariable(env, 'JOB_COMPLETION_INDEX')!
  const count = integerVariable(env, 'WEBGYM_SHARD_COUNT')
  if (count === undefined || count < 1) {
    throw new UsageError(
      'JOB_COMPLETION_INDEX is set (a Kubernetes Indexed Job) but WEBGYM_SHARD_COUNT is not: the number of shards is unknown',
      "set WEBGYM_SHARD_COUNT to the Job's completions in its env, or pass --shard I/N",
    )
  }
  if (index >= count)
    throw new UsageError(
      `JOB_COMPLETION_INDEX ${index} is not below WEBGYM_SHARD_COUNT ${count}`,
      "set WEBGYM_SHARD_COUNT to the Job's completions",
    )
  return {index, count, from: 'JOB_COMPLETION_INDEX'}
}
