// runBatch (bounded concurrency, reorder buffer, failures, resume) and idsAlreadyDone, with fake work functions.
import {readFile, stat, writeFile} from 'node:fs/promises'
import {setTimeout as sleep} from 'node:timers/promises'
import {describe, expect, it} from 'vitest'
import {FailureLog} from '../src/lib/batch/failure-log.js'
import {idsAlreadyDone} from '../src/lib/batch/resume.js'
import {runBatch, type BatchItem} from '../src/lib/batch/run-batch.js'
import {InputError} from '../src/lib/errors.js'
import type {RecordWriter} from '../src/lib/io/record-writer.js'
import {workdir} from './helpers/workdir.js'

interface Item {
  id: string
  n: number
}

/** A path in a fresh working directory of the test. */
const freshFile = (name: string) => workdir().path(name)

const items = (count: number): Item[] => Array.from({length: count}, (_, n) => ({id: `r${n}`, n}))

async function* stream(records: readonly Item[], options: {failAfter?: number} = {}): AsyncGenerator<BatchItem<Item>> {
  for (const [i, record] of records.entries()) {
    if (options.failAfter === i) throw new InputError(`mem:${i + 1}: bad record`)
    yield {record, location: {file: 'mem', line: i + 1}}
  }
}

/** A RecordWriter that keeps what is written, and calls `onWrite` for each record. */
function memoryWriter(onWrite: (record: unknown) => void = () => {}): RecordWriter & {records: unknown[]} {
  const records: unknown[] = []
  const writer = {
    records,
    async write(record: unknown) {
      records.push(record)
      onWrite(record)
    },
  }
  return writer as unknown as RecordWriter & {records: unknown[]}
}

const randomDelay = (max: number) => sleep(Math.floor(Math.random() * max))
const idsOf = (records: readonly unknown[]) => records.map((record) => (record as Item).id)

function deferred(): {promise: Promise<void>; resolve: () => void} {
  let resolve!: () => void
  const promise = new Promise<void>((done) => (resolve = done))
  return {promise, resolve}
}

describe('runBatch', () => {
  it("writes outputs in input order under random delays, each record's outputs together", async () => {
    const writer = memoryWriter()
    const failures = await FailureLog.open()
    const input = items(300)
    const counts = await runBatch({
      items: stream(input),
      idOf: (item) => item.id,
      work: async (item) => {
        await randomDelay(8)
        // Some records give no output, some give two.
        if (item.n % 10 === 3) return []
        return item.n % 10 === 7 ? [item, {id: `${item.id}.b`, n: item.n}] : [item]
      },
      concurrency: 16,
      ordered: true,
      writer,
      failures,
    })
    const expected = input.flatMap((item) =>
      item.n % 10 === 3 ? [] : item.n % 10 === 7 ? [item.id, `${item.id}.b`] : [item.id],
    )
    expect(idsOf(writer.records)).toEqual(expected)
    expect(counts).toEqual({total: 300, succeeded: 300, failed: 0, skipped: 0})
  })

  it('has at most `concurrency` records in flight, and uses all of it', async () => {
    let active = 0
    let most = 0
    const writer = memoryWriter()
    await runBatch({
      items: stream(items(120)),
      idOf: (item) => item.id,
      work: async (item) => {
        active++
        most = Math.max(most, active)
        await randomDelay(6)
        active--
        return [item]
      },
      concurrency: 7,
      ordered: true,
      writer,
      failures: await FailureLog.open(),
    })
    expect(most).toBe(7)
    expect(writer.records).toHaveLength(120)
  })

  it('holds at most 4 x concurrency records behind a slow one, then writes them all in order', async () => {
    const concurrency = 4
    const slow = deferred()
    let started = 0
    let written = 0
    let mostHeld = 0
    const writer = memoryWriter(() => written++)
    const running = runBatch({
      items: stream(items(100)),
      idOf: (item) => item.id,
      work: async (item) => {
        started++
        mostHeld = Math.max(mostHeld, started - written)
        if (item.n === 0) await slow.promise
        return [item]
      },
      concurrency,
      ordered: true,
      writer,
      failures: await FailureLog.open(),
    })
    await expect.poll(() => started).toBe(4 * concurrency)
    await sleep(50)
    // The slow first record blocks the window: nothing more starts and nothing is written out of order.
    expect(started).toBe(4 * concurrency)
    expect(written).toBe(0)
    slow.resolve()
    const counts = await running
    expect(mostHeld).toBe(4 * concurrency)
    expect(idsOf(writer.records)).toEqual(items(100).map((item) => item.id))
    expect(counts.succeeded).toBe(100)
  })

  it('writes first done first out when unordered, each record exactly once', async () => {
    const slow = deferred()
    const writer = memoryWriter()
    const running = runBatch({
      items: stream(items(50)),
      idOf: (item) => item.id,
      work: async (item) => {
        if (item.n === 0) await slow.promise
        else await randomDelay(4)
        return [item]
      },
      concurrency: 5,
      ordered: false,
      writer,
      failures: await FailureLog.open(),
    })
    // Unordered, the slow record holds back nothing.
    await expect.poll(() => writer.records.length).toBe(49)
    slow.resolve()
    await running
    const ids = idsOf(writer.records)
    expect(ids.at(-1)).toBe('r0')
    expect([...ids].sort()).toEqual(
      items(50)
        .map((item) => item.id)
        .sort(),
    )
  })

  it('routes failed records to the failure log with their reason, and writes the others', async () => {
    const path = freshFile('failed.ndjson')
    const failures = await FailureLog.open(path)
    const writer = memoryWriter()
    const counts = await runBatch({
      items: stream(items(40)),
      idOf: (item) => item.id,
      work: async (item) => {
        await randomDelay(5)
        if (item.n % 9 === 4) throw new Error(`server said no to ${item.id} (key sk-secret)`)
        return [item]
      },
      concurrency: 6,
      ordered: true,
      writer,
      failures,
      reasonOf: (error) => (error as Error).message.replace('sk-secret', '[redacted]'),
    })
    await failures.close()
    const failedIds = ['r4', 'r13', 'r22', 'r31']
    expect(counts).toEqual({total: 40, succeeded: 36, failed: 4, skipped: 0})
    expect(failures.count).toBe(4)
    expect(idsOf(writer.records)).toEqual(
      items(40)
        .map((item) => item.id)
        .filter((id) => !failedIds.includes(id)),
    )
    const logged = (await readFile(path, 'utf8'))
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line))
    expect(logged.map((failure) => failure.id)).toEqual(failedIds)
    expect(logged[0]).toEqual({id: 'r4', error: 'server said no to r4 (key [redacted])', record: {id: 'r4', n: 4}})
  })

  it('skips the records a resumed output already holds, without working on them', async () => {
    const seen: string[] = []
    const writer = memoryWriter()
    const done = new Set(['r0', 'r3', 'r4', 'r9'])
    const counts = await runBatch({
      items: stream(items(10)),
      idOf: (item) => item.id,
      work: async (item) => {
        seen.push(item.id)
        return [item]
      },
      concurrency: 3,
      ordered: true,
      writer,
      failures: await FailureLog.open(),
      done,
    })
    expect(seen.sort()).toEqual(['r1', 'r2', 'r5', 'r6', 'r7', 'r8'])
    expect(idsOf(writer.records)).toEqual(['r1', 'r2', 'r5', 'r6', 'r7', 'r8'])
    expect(counts).toEqual({total: 10, succeeded: 6, failed: 0, skipped: 4})
  })

  it('finishes and writes the records in flight when the input fails part-way, then rethrows', async () => {
    const writer = memoryWriter()
    const running = runBatch({
      items: stream(items(20), {failAfter: 12}),
      idOf: (item) => item.id,
      work: async (item) => {
        await sleep(item.n < 3 ? 60 : 5)
        return [item]
      },
      concurrency: 8,
      ordered: true,
      writer,
      failures: await FailureLog.open(),
    })
    await expect(running).rejects.toThrow('mem:13: bad record')
    expect(idsOf(writer.records)).toEqual(items(12).map((item) => item.id))
  })
})

describe('idsAlreadyDone', () => {
  const line = (id: string) => `${JSON.stringify({id, rubric: {fact_groups: []}})}\n`

  it('returns the ids and drops a last line cut short by a crash', async () => {
    const path = freshFile('out.ndjson')
    const complete = line('a') + line('b') + line('c')
    await writeFile(path, `${complete}{"id":"d","rub`)
    expect([...(await idsAlreadyDone(path))]).toEqual(['a', 'b', 'c'])
    expect(await readFile(path, 'utf8')).toBe(complete)
  })

  it('drops a cut-short last line longer than its read buffer', async () => {
    const path = freshFile('out.ndjson')
    const complete = line('a')
    await writeFile(path, `${complete}{"id":"b","text":"${'x'.repeat(200_000)}`)
    expect([...(await idsAlreadyDone(path))]).toEqual(['a'])
    expect(await readFile(path, 'utf8')).toBe(complete)
  })

  it('empties a file whose only line is cut short, and keeps a complete file as it is', async () => {
    const partial = freshFile('partial.ndjson')
    await writeFile(partial, '{"id":"a","rubric":')
    expect((await idsAlreadyDone(partial)).size).toBe(0)
    expect((await stat(partial)).size).toBe(0)

    const whole = freshFile('whole.ndjson')
    const text = line('a') + '\n' + line('b')
    await writeFile(whole, text)
    expect([...(await idsAlreadyDone(whole))]).toEqual(['a', 'b'])
    expect(await readFile(whole, 'utf8')).toBe(text)
  })

  it('returns no ids for a file that does not exist yet', async () => {
    expect((await idsAlreadyDone(freshFile('missing.ndjson'))).size).toBe(0)
  })

  it('refuses a file with a complete line that is not JSON, naming the line', async () => {
    const path = freshFile('other.ndjson')
    await writeFile(path, `${line('a')}not json\n${line('b')}`)
    const error = await idsAlreadyDone(path).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(InputError)
    expect((error as Error).message).toBe(`${path}:2: not valid JSON, cannot resume from this file`)
  })

  it('refuses the output of another command (a trajectory: no top-level id) and a JSON line that is not a record, naming the line', async () => {
    const trajectories = freshFile('traj.ndjson')
    await writeFile(trajectories, `${line('a')}${JSON.stringify({task: {id: 'b'}, steps: []})}\n`)
    const error = await idsAlreadyDone(trajectories).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(InputError)
    expect((error as Error).message).toBe(
      `${trajectories}:2: not a record with a string "id" (a Task), cannot resume from this file`,
    )
    const nulls = freshFile('null.ndjson')
    await writeFile(nulls, 'null\n')
    expect(((await idsAlreadyDone(nulls).catch((caught: unknown) => caught)) as Error).message).toBe(
      `${nulls}:1: not a record with a string "id" (a Task), cannot resume from this file`,
    )
  })
})
