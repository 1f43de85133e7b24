import {execFileSync} from 'node:child_process'
import {mkdirSync, readFileSync} from 'node:fs'
import {join} from 'node:path'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {assertBuilt} from './helpers/cli.js'
import {judgedRecord} from './helpers/judged-records.js'
import {chromiumProcesses, fixtureSample, ndjson, spawnWebgym} from './helpers/rollout.js'
import {workdir} from './helpers/workdir.js'
import {driveHeadlessShell} from './helpers/headless-shell.js'

// webgym's own logic is under test, not what Chromium draws (see test/helpers/headless-shell.ts).
driveHeadlessShell()

// A full disk under -o: one line naming the file and ENOSPC, exit 1, no torn last record, no summary of records that
// were never written, and a --resume elsewhere later finishes the job. The disk is a small tmpfs, which needs root
// (mount); elsewhere the tests skip with that reason.

const wd = workdir()
const disk = wd.path('disk')
let mounted = false
let why = ''

beforeAll(() => {
  assertBuilt()
  mkdirSync(disk, {recursive: true})
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=48k', 'tmpfs', disk], {stdio: 'pipe'})
    mounted = true
  } catch (error) {
    why = `cannot mount a tmpfs here (${(error as Error).message.split('\n')[0]})`
  }
})
afterAll(() => {
  if (mounted) execFileSync('umount', ['-l', disk])
})

/** The file's lines: every one a whole JSON record, and the file ends at a line break. */
function wholeLines(path: string): unknown[] {
  const text = readFileSync(path, 'utf8')
  if (text.length > 0) expect(text.endsWith('\n')).toBe(true)
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line))
}

describe('a full disk under -o', () => {
  it('filter: one ENOSPC line, exit 1, whole records only, no summary', async (context) => {
    if (!mounted) return context.skip(why)
    const input = wd.write(
      'judged.ndjson',
      ndjson(Array.from({length: 400}, (_, i) => judgedRecord({task: `fx:${i}`}))),
    )
    const out = join(disk, 'out.ndjson')
    const result = await wd.run(['filter', '--success', input, '-o', out])
    expect(result.exitCode).toBe(1)
    expect(result.stderr).not.toMatch(/internal error/)
    expect(result.stderr.trim().split('\n')).toHaveLength(1)
    expect(result.stderr).toMatch(
      new RegExp(
        `${out.replace(/[.]/g, '\\.')}: no space left on device \\(ENOSPC\\); the \\d+ records written before it are whole`,
      ),
    )
    expect(result.stderr).not.toMatch(/kept/)
    // filter cannot resume: the hint names no flag it lacks.
    expect(result.stderr).toMatch(/\(free space or write elsewhere, then run the command again\)$/m)
    expect(result.stderr).not.toMatch(/--resume/)
    wholeLines(out)
    execFileSync('rm', ['-f', out])
  })

  it('rollout: fails fast with the line, leaves whole trajectories and no Chromium, and --resume elsewhere finishes', async (context) => {
    if (!mounted) return context.skip(why)
    const dir = wd.mkdir('rollout')
    const tasks = fixtureSample(1).slice(0, 12)
    const taskFile = wd.write('rollout/tasks.ndjson', ndjson(tasks))
    const out = join(disk, 'traj.ndjson')
    // Leave room for a trajectory or two.
    execFileSync('dd', ['if=/dev/zero', `of=${join(disk, 'filler')}`, 'bs=1k', 'count=36'], {stdio: 'pipe'})
    const args = [
      'rollout',
      '--policy',
      'random',
      '--horizon',
      '12',
      '--concurrency',
      '2',
      '--browsers',
      '1',
      '--shots',
      join(dir, 'shots'),
      taskFile,
    ]
    const result = await spawnWebgym([...args, '-o', out], {tmp: dir, timeout: 300_000})
    expect(result.exitCode, result.stderr).toBe(1)
    expect(result.stderr).toMatch(/traj\.ndjson: no space left on device \(ENOSPC\)/)
    expect(result.stderr).toMatch(/then rerun with --resume \S*traj\.ndjson\)$/m)
    expect(result.stderr).not.toMatch(/internal error/)
    const written = wholeLines(out) as {task: {id: string}}[]
    expect(chromiumProcesses(dir)).toEqual([])
    // Space found elsewhere: the whole records move over and --resume does the rest, each task once.
    const moved = wd.write('rollout/traj.ndjson', readFileSync(out))
    const resumed = await spawnWebgym([...args, '--resume', moved], {tmp: dir})
    expect(resumed.exitCode, resumed.stderr).toBe(0)
    const all = wholeLines(moved) as {task: {id: string}}[]
    expect(all.map((t) => t.task.id).sort()).toEqual(tasks.map((t) => t.id).sort())
    expect(all.length).toBeGreaterThan(written.length)
    execFileSync('rm', ['-f', out, join(disk, 'filler')])
  }, 600_000)
})
