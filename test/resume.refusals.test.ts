import {describe, expect, it} from 'vitest'
import {judgedRecord} from './helpers/judged-records.js'
import {workdir} from './helpers/workdir.js'

// --resume names the command's own output. A file of its input — the input file itself, or a copy — is refused with
// one line and left byte for byte as it was, never read as "all done" or emptied as "all to redo".

const unjudged = (id: string) => {
  const {judgment: _judgment, ...trajectory} = judgedRecord({task: id})
  return trajectory
}
const lines = (records: unknown[]) => records.map((record) => `${JSON.stringify(record)}\n`).join('')
const tasks = lines(
  [1, 2, 3].map((n) => ({
    id: `t:${n}`,
    source: 't',
    intent: `Find item ${n}`,
    website: 'shop.example.com',
    start_url: 'https://shop.example.com/',
    reference_answer: null,
  })),
)
const model = ['--base-url', 'http://127.0.0.1:9/v1', '--model', 'm']

describe('--resume refuses what is not the command output', () => {
  it('judge X --resume X: refused as the input file, X unchanged', async () => {
    const wd = workdir()
    const file = wd.write('traj.ndjson', lines([unjudged('a'), unjudged('b')]))
    const before = wd.read('traj.ndjson')
    const result = await wd.run(['judge', '--judge', 'programmatic', file, '--resume', file])
    expect(result.exitCode).toBe(2)
    expect(result.stderr.trim().split('\n')).toHaveLength(1)
    expect(result.stderr).toMatch(/--resume ".*traj\.ndjson" is an input file/)
    expect(wd.read('traj.ndjson')).toBe(before)
  })

  it('judge --resume on a file of unjudged trajectories: refused naming file:line, the file unchanged', async () => {
    const wd = workdir()
    const input = wd.write('traj.ndjson', lines([unjudged('a'), unjudged('b')]))
    const copy = wd.write('copy.ndjson', lines([unjudged('a'), unjudged('b')]))
    const before = wd.read('copy.ndjson')
    const result = await wd.run(['judge', '--judge', 'programmatic', input, '--resume', copy])
    expect(result.exitCode).toBe(1)
    expect(result.stderr).toMatch(
      /copy\.ndjson:1: not a judged trajectory \(judge's output: task\.id and a judgment\), cannot resume from this file/,
    )
    expect(wd.read('copy.ndjson')).toBe(before)
  })

  it('rubric gen --resume on tasks without rubrics, or on its input: refused, nothing reported as already in', async () => {
    const wd = workdir()
    const input = wd.write('tasks.ndjson', tasks)
    const copy = wd.write('copy.ndjson', tasks)
    const result = await wd.run(['rubric', 'gen', ...model, input, '--resume', copy])
    expect(result.exitCode).toBe(1)
    expect(result.stderr).toMatch(
      /copy\.ndjson:1: not a task with a rubric \(rubric gen's output\), cannot resume from this file/,
    )
    expect(result.stderr).not.toMatch(/already in/)
    expect(wd.read('copy.ndjson')).toBe(tasks)
    const same = await wd.run(['rubric', 'gen', ...model, input, '--resume', input])
    expect(same.exitCode).toBe(2)
    expect(same.stderr).toMatch(/is an input file/)
    expect(wd.read('tasks.ndjson')).toBe(tasks)
  })

  it('rollout T --resume T: refused as the input file', async () => {
    const wd = workdir()
    const input = wd.write('tasks.ndjson', tasks)
    const result = await wd.run(['rollout', '--policy', 'random', input, '--resume', input])
    expect(result.exitCode).toBe(2)
    expect(result.stderr).toMatch(/--resume ".*tasks\.ndjson" is an input file/)
    expect(wd.read('tasks.ndjson')).toBe(tasks)
  })
})
