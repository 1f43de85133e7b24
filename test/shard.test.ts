// --shard I/N: every record in exactly one shard for any input and N, the scheduler's variables read, and N
// processes of a model-backed stage (the built CLI against the stand-in) whose outputs together are the whole.
import fc from 'fast-check'
import {describe, expect, it} from 'vitest'
import {parseShard, shardFromFlag} from '../src/cli/shard-flag.js'
import {ShardFilter, shardOfKey} from '../src/lib/batch/shard.js'
import {dump} from './helpers/cli.js'
import {startStandin, type StandinRequest} from './helpers/openai-standin.js'
import {jsonReply} from './helpers/structured.js'
import {workdir} from './helpers/workdir.js'

async function* items<T>(values: readonly T[]): AsyncGenerator<T> {
  yield* values
}

async function collect<T>(values: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = []
  for await (const value of values) out.push(value)
  return out
}

describe('shards', () => {
  it('puts every key in exactly one of N shards, for N in 1, 3 and 7 and any input', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.string({minLength: 0, maxLength: 40}), {maxLength: 200}),
        fc.constantFrom(1, 3, 7),
        async (keys, count) => {
          const shards = await Promise.all(
            Array.from({length: count}, (_, index) =>
              collect(new ShardFilter({index, count}).filter(items(keys), (key) => key)),
            ),
          )
          // Together: the input, each record once (input order kept within a shard).
          expect(shards.flat().sort()).toEqual([...keys].sort())
          for (const shard of shards) expect(shard).toEqual(keys.filter((key) => shard.includes(key)))
          // A key's shard does not depend on the rest of the input.
          for (const [index, shard] of shards.entries())
            for (const key of shard) expect(shardOfKey(key, count)).toBe(index)
        },
      ),
      {numRuns: 200},
    )
  })

  it('spreads keys evenly and counts those left to the other shards', async () => {
    const keys = Array.from({length: 7000}, (_, i) => `task:${i}`)
    const sizes = Array.from({length: 7}, (_, index) => keys.filter((key) => shardOfKey(key, 7) === index).length)
    for (const size of sizes) expect(Math.abs(size - 1000)).toBeLessThan(120)
    const filter = new ShardFilter({index: 2, count: 7, from: 'SLURM_ARRAY_TASK_ID'})
    const kept = await collect(filter.filter(items(keys), (key) => key))
    expect(kept).toHaveLength(sizes[2]!)
    expect(filter.outside).toBe(7000 - sizes[2]!)
    expect(filter.note('tasks')).toBe(
      `; shard 2/7 from SLURM_ARRAY_TASK_ID (${7000 - sizes[2]!} tasks left to the other shards)`,
    )
    expect(new ShardFilter(undefined).note()).toBe('')
  })

  it('reads I/N from the flag, a Slurm job array or a Kubernetes Indexed Job', () => {
    expect(shardFromFlag('2/8', {})).toEqual({index: 2, count: 8})
    // The flag wins over the scheduler's variables; 0/1 turns sharding off inside an array job.
    expect(shardFromFlag('0/1', {SLURM_ARRAY_TASK_ID: '3', SLURM_ARRAY_TASK_COUNT: '4'})).toEqual({index: 0, count: 1})
    expect(shardFromFlag(undefined, {})).toBeUndefined()
    expect(shardFromFlag(undefined, {SLURM_ARRAY_TASK_ID: '3', SLURM_ARRAY_TASK_COUNT: '4'})).toEqual({
      index: 3,
      count: 4,
      from: 'SLURM_ARRAY_TASK_ID',
    })
    expect(
      shardFromFlag(undefined, {SLURM_ARRAY_TASK_ID: '2', SLURM_ARRAY_TASK_MIN: '0', SLURM_ARRAY_TASK_MAX: '3'}),
    ).toEqual({index: 2, count: 4, from: 'SLURM_ARRAY_TASK_ID'})
    // A resubmitted shard (--array=2: an array of one task) cannot tell N: refused unless WEBGYM_SHARD_COUNT says it,
    // never read as shard 0 of 1 (which would redo every task).
    const resubmitted = {
      SLURM_ARRAY_TASK_ID: '2',
      SLURM_ARRAY_TASK_COUNT: '1',
      SLURM_ARRAY_TASK_MIN: '2',
      SLURM_ARRAY_TASK_MAX: '2',
    }
    expect(() => shardFromFlag(undefined, resubmitted)).toThrow(
      'SLURM_ARRAY_TASK_ID 2 is from the array 2-2, not a whole --array=0-(N-1): the number of shards cannot be told (a resubmitted shard?)',
    )
    expect(shardFromFlag(undefined, {...resubmitted, WEBGYM_SHARD_COUNT: '4'})).toEqual({
      index: 2,
      count: 4,
      from: 'SLURM_ARRAY_TASK_ID',
    })
    expect(() => shardFromFlag(undefined, {...resubmitted, WEBGYM_SHARD_COUNT: '2'})).toThrow(
      /not below WEBGYM_SHARD_COUNT 2/,
    )
    // Offset or stepped arrays are refused the same way.
    expect(() =>
      shardFromFlag(undefined, {SLURM_ARRAY_TASK_ID: '1', SLURM_ARRAY_TASK_MIN: '1', SLURM_ARRAY_TASK_MAX: '4'}),
    ).toThrow(/from the array 1-4/)
    expect(() =>
      shardFromFlag(undefined, {
        SLURM_ARRAY_TASK_ID: '6',
        SLURM_ARRAY_TASK_MIN: '0',
        SLURM_ARRAY_TASK_MAX: '14',
        SLURM_ARRAY_TASK_STEP: '2',
      }),
    ).toThrow(/from the array 0-14:2/)
    expect(shardFromFlag(undefined, {JOB_COMPLETION_INDEX: '5', WEBGYM_SHARD_COUNT: '8'})).toEqual({
      index: 5,
      count: 8,
      from: 'JOB_COMPLETION_INDEX',
    })
    expect(() => shardFromFlag(undefined, {JOB_COMPLETION_INDEX: '5'})).toThrow(/WEBGYM_SHARD_COUNT is not/)
    expect(() => shardFromFlag(undefined, {JOB_COMPLETION_INDEX: '8', WEBGYM_SHARD_COUNT: '8'})).toThrow(
      /not below WEBGYM_SHARD_COUNT 8/,
    )
    expect(() => shardFromFlag(undefined, {SLURM_ARRAY_TASK_ID: '3'})).toThrow(/the number of shards cannot be told/)
    expect(() => shardFromFlag(undefined, {SLURM_ARRAY_TASK_ID: 'x', SLURM_ARRAY_TASK_COUNT: '4'})).toThrow(
      /SLURM_ARRAY_TASK_ID is "x"/,
    )
    for (const bad of ['4/4', '1', '-1/3', '1/0', 'a/b', '1/2/3'])
      expect(() => parseShard(bad, '--shard'), bad).toThrow(/--shard must be I\/N/)
  })
})

describe('--shard on a model-backed stage (tasks classify, built CLI)', () => {
  it('three shards together classify every task once, and `cat` of their outputs is the whole', async () => {
    const wd = workdir()
    const tasks = Array.from({length: 30}, (_, i) => ({
      id: `t:${i}`,
      source: 't',
      intent: `Case ${i}: read the news`,
      website: 'example.com',
      start_url: 'https://example.com/',
    }))
    wd.write('tasks.ndjson', tasks.map((task) => JSON.stringify(task)).join('\n') + '\n')
    const standin = await startStandin({handler: (_request: StandinRequest) => jsonReply({subdomain: 'News'})})
    try {
      const args = (shard: number) => [
        'tasks',
        'classify',
        '--base-url',
        standin.url,
        '--model',
        'm',
        '--no-cache',
        'tasks.ndjson',
        '-o',
        `out.${shard}.ndjson`,
      ]
      // Shard 0 from the flag, 1 from a Slurm array's variables, 2 from a Kubernetes Indexed Job's.
      const runs = [
        await wd.run([...args(0), '--shard', '0/3'], {cleanEnv: true}),
        await wd.run(args(1), {cleanEnv: true, env: {SLURM_ARRAY_TASK_ID: '1', SLURM_ARRAY_TASK_COUNT: '3'}}),
        await wd.run(args(2), {cleanEnv: true, env: {JOB_COMPLETION_INDEX: '2', WEBGYM_SHARD_COUNT: '3'}}),
      ]
      for (const run of runs) expect(run.exitCode, dump(run)).toBe(0)
      expect(runs[1]!.stderr).toMatch(/shard 1\/3 from SLURM_ARRAY_TASK_ID \(\d+ records left to the other shards\)/)
      expect(runs[2]!.stderr).toMatch(/shard 2\/3 from JOB_COMPLETION_INDEX/)
      const outputs = [0, 1, 2].map((shard) =>
        wd
          .read(`out.${shard}.ndjson`)
          .split('\n')
          .filter(Boolean)
          .map((line) => JSON.parse(line).id as string),
      )
      for (const output of outputs) expect(output.length).toBeGreaterThan(0)
      expect(outputs.flat().sort()).toEqual(tasks.map((task) => task.id).sort())
      const chat = standin.requests.filter((request) => request.path === '/v1/chat/completions')
      expect(chat).toHaveLength(30)
      // A shard resumed on its own output does nothing more.
      const again = await wd.run([...args(0).slice(0, -2), '--shard', '0/3', '--resume', 'out.0.ndjson'], {
        cleanEnv: true,
      })
      expect(again.exitCode, dump(again)).toBe(0)
      expect(standin.requests.filter((request) => request.path === '/v1/chat/completions')).toHaveLength(30)
      expect(wd.read('out.0.ndjson').split('\n').filter(Boolean)).toHaveLength(outputs[0]!.length)
      const bad = await wd.run([...args(0), '--shard', '3/3'], {cleanEnv: true})
      expect(bad.exitCode).toBe(2)
      expect(bad.stderr.trim()).toBe(
        'webgym: --shard must be I/N with 0 <= I < N, e.g. 0/4 for the first of four shards, got "3/3"',
      )
    } finally {
      await standin.close()
    }
  }, 120_000)
})
