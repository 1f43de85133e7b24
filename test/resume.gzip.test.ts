import {readFileSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {gunzipSync, gzipSync} from 'node:zlib'
import {describe, expect, it} from 'vitest'
import {idsAlreadyDone} from '../src/lib/batch/resume.js'
import {RecordWriter} from '../src/lib/io/record-writer.js'
import {assertBuilt} from './helpers/cli.js'
import {chromiumProcesses, fixtureSample, ndjson, spawnWebgym, waitFor} from './helpers/rollout.js'
import {workdir} from './helpers/workdir.js'
import {driveHeadlessShell} from './helpers/headless-shell.js'

// webgym's own logic is under test, not what Chromium draws (see test/helpers/headless-shell.ts).
driveHeadlessShell()

// Gzip output that survives a kill: one complete gzip member per flush, and --resume reads a cut-short file up to its
// last whole record, says how many, and appends after them.

/** The whole records a gzip file gives before it ends or is cut short. */
function gzipRecords(path: string): {id: string; task: {id: string}}[] {
  let text = ''
  try {
    text = gunzipSync(readFileSync(path), {finishFlush: 2 /* Z_SYNC_FLUSH: give what there is */}).toString('utf8')
  } catch {
    return []
  }
  return text
    .slice(0, text.lastIndexOf('\n') + 1)
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line))
}

describe('gzip output and --resume', () => {
  it('writes one gzip member per flush: every flushed record reads back before close', async () => {
    const wd = workdir()
    const path = wd.path('out.ndjson.gz')
    const writer = await RecordWriter.open(path)
    await writer.write({id: 'a'})
    await writer.flush()
    await writer.write({id: 'b'})
    await writer.flush()
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(gzipRecords(path).map((r) => r.id)).toEqual(['a', 'b'])
    await writer.close()
    expect(gunzipSync(readFileSync(path)).toString()).toBe('{"id":"a"}\n{"id":"b"}\n')
  })

  it('reads a cut-short gzip file up to its last whole record, says how many, and leaves a file to append to', async () => {
    const wd = workdir()
    const path = wd.path('cut.ndjson.gz')
    const members = [
      gzipSync('{"id":"a"}\n'),
      gzipSync('{"id":"b"}\n{"id":"c"}\n'),
      gzipSync('{"id":"d"}\n{"id":"e"}\n'),
    ]
    const whole = Buffer.concat(members)
    writeFileSync(path, whole.subarray(0, whole.length - 9))
    const notes: string[] = []
    const done = await idsAlreadyDone(path, 'id', undefined, (text) => notes.push(text))
    expect([...done].sort()).toEqual(expect.arrayContaining(['a', 'b', 'c']))
    expect(done.has('e')).toBe(false)
    expect(notes).toHaveLength(1)
    expect(notes[0]).toMatch(
      new RegExp(`${path.replace(/[.]/g, '\\.')}: gzip data cut short; read ${done.size} whole records up to the cut`),
    )
    // What is left is whole gzip: appending a member gives a file that reads to the end.
    const writer = await RecordWriter.open(path, {append: true})
    await writer.write({id: 'e'})
    await writer.close()
    expect(
      gunzipSync(readFileSync(path))
        .toString()
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line).id),
    ).toEqual([...done, 'e'])
  })

  it('says so when it drops a torn last line of a plain file', async () => {
    const wd = workdir()
    const path = wd.write('torn.ndjson', '{"id":"a"}\n{"id":"b"}\n{"id":"c", "x"')
    const notes: string[] = []
    expect([...(await idsAlreadyDone(path, 'id', undefined, (text) => notes.push(text)))]).toEqual(['a', 'b'])
    expect(notes).toEqual([
      `${path}: its last line (14 bytes) was cut short, not a whole record: dropped, to be done again`,
    ])
    expect(readFileSync(path, 'utf8')).toBe('{"id":"a"}\n{"id":"b"}\n')
    notes.length = 0
    await idsAlreadyDone(path, 'id', undefined, (text) => notes.push(text))
    expect(notes).toEqual([])
  })

  it('rollout -o FILE.gz killed with SIGKILL keeps its finished records, and --resume finishes every task once', async () => {
    assertBuilt()
    const {dir} = workdir()
    const out = join(dir, 'traj.ndjson.gz')
    const sample = fixtureSample(1).slice(0, 8)
    const tasks = join(dir, 'tasks.ndjson')
    writeFileSync(tasks, ndjson(sample))
    const args = [
      'rollout',
      '--policy',
      'random',
      '--horizon',
      '4',
      '--concurrency',
      '2',
      '--browsers',
      '1',
      '--shots',
      join(dir, 'shots'),
      tasks,
    ]
    const first = spawnWebgym([...args, '-o', out], {tmp: dir})
    await waitFor(() => gzipRecords(out).length >= 3, 240_000, 'three trajectories in the gzip file')
    first.kill('SIGKILL')
    await first
    const survived = gzipRecords(out)
    expect(survived.length).toBeGreaterThanOrEqual(3)
    await waitFor(() => chromiumProcesses(dir).length === 0, 20_000, 'no Chromium left')
    const resumed = await spawnWebgym([...args, '--resume', out], {tmp: dir})
    expect(resumed.exitCode, resumed.stderr).toBe(0)
    expect(resumed.stderr).toMatch(new RegExp(`${survived.length} already in`))
    const all = gzipRecords(out)
    expect(all.map((t) => t.task.id).sort()).toEqual(sample.map((t) => t.id).sort())
    expect(gunzipSync(readFileSync(out)).toString().endsWith('\n')).toBe(true)
  }, 600_000)
})
