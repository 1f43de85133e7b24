// webgym eval end to end on real runs of the fixture web (the oracle at two noise levels, judged programmatically):
// the paired interval excludes zero where the runs differ and includes it where they do not (the statistics against
// values worked out by hand: eval.statistics.test.ts).
import {describe, expect, it} from 'vitest'
import {dump} from './helpers/cli.js'
import {driveHeadlessShell} from './helpers/headless-shell.js'
import {fixtureSample, ndjson} from './helpers/rollout.js'
import {workdir} from './helpers/workdir.js'

// The statistics are under test, over runs in real Chromium: the headless shell, at half the CPU per step.
driveHeadlessShell()

describe('webgym eval (built CLI, real runs of the fixture web)', () => {
  it('separates the oracle at noise 0.1 from noise 0.4, and not two runs at the same noise', async () => {
    const wd = workdir()
    const tasks = fixtureSample(5)
    wd.write('tasks.ndjson', ndjson(tasks))
    // The test side of a split: a third of the tasks, for the split-side facet.
    wd.write('test.ndjson', ndjson(tasks.filter((_, i) => i % 3 === 0)))
    const run = async (name: string, noise: string, seed: string) => {
      const rollout = await wd.run([
        'rollout',
        '--policy',
        'oracle',
        '--oracle-noise',
        noise,
        '--seed',
        seed,
        '--concurrency',
        '8',
        '--browsers',
        '3',
        '--horizon',
        '30',
        '--shots',
        'shots',
        'tasks.ndjson',
        '-o',
        `${name}.traj.ndjson`,
      ])
      expect(rollout.exitCode, dump(rollout)).toBe(0)
      const judge = await wd.run(['judge', '--judge', 'programmatic', `${name}.traj.ndjson`, '-o', `${name}.ndjson`])
      expect(judge.exitCode, dump(judge)).toBe(0)
    }
    await run('clean', '0.1', '1')
    await run('noisy', '0.4', '1')
    await run('clean-again', '0.1', '2')

    const result = await wd.run(['eval', 'clean.ndjson', 'noisy.ndjson', '--test', 'test.ndjson', '--format', 'json'])
    expect(result.exitCode, dump(result)).toBe(0)
    const report = JSON.parse(result.stdout)
    expect(report.runs.map((r: any) => [r.name, r.n, r.policy])).toEqual([
      ['clean', tasks.length, 'oracle'],
      ['noisy', tasks.length, 'oracle'],
    ])
    const [clean, noisy] = report.runs
    expect(clean.success_rate).toBeGreaterThan(noisy.success_rate)
    for (const r of report.runs) {
      expect(r.ci95[0]).toBeLessThanOrEqual(r.success_rate)
      expect(r.ci95[1]).toBeGreaterThanOrEqual(r.success_rate)
    }
    expect(clean.by_split.test.n + clean.by_split.train.n).toBe(tasks.length)
    expect(Object.values(clean.by_level).reduce((sum: number, c: any) => sum + c.n, 0)).toBe(tasks.length)
    const {paired} = report
    expect(paired).toMatchObject({
      first: 'clean',
      second: 'noisy',
      n: tasks.length,
      only_in_first: [],
      only_in_second: [],
    })
    expect(paired.difference).toBeCloseTo(noisy.success_rate - clean.success_rate, 10)
    // Noise 0.4 is worse, and the interval of the difference excludes zero; McNemar agrees.
    expect(paired.ci95[1]).toBeLessThan(0)
    expect(paired.mcnemar_p).toBeLessThan(0.05)
    expect(paired.flipped.length).toBeGreaterThan(0)

    const same = JSON.parse((await wd.run(['eval', 'clean.ndjson', 'clean-again.ndjson', '--format', 'json'])).stdout)
    expect(same.paired.ci95[0]).toBeLessThanOrEqual(0)
    expect(same.paired.ci95[1]).toBeGreaterThanOrEqual(0)

    // The table, Markdown and CSV say the same; a task one run lacks is named.
    wd.write('partial.ndjson', wd.read('noisy.ndjson').split('\n').filter(Boolean).slice(1).join('\n') + '\n')
    const table = await wd.run(['eval', 'clean.ndjson', 'partial.ndjson', '--name', 'A', '--name', 'B'])
    expect(table.exitCode, dump(table)).toBe(0)
    expect(table.stdout).toMatch(/^Runs\nrun +policy +model +tasks +success +95% CI/)
    expect(table.stdout).toContain('B vs A (paired, on the same tasks)')
    expect(table.stdout).toMatch(/only in A +fixture:/)
    expect(table.stderr).toMatch(/1 tasks of A are not in B and are left out of their comparison/)
    const md = await wd.run(['eval', 'clean.ndjson', 'noisy.ndjson', '--format', 'md'])
    expect(md.stdout).toContain('| run | policy | model | tasks | success | 95% CI |')
    const csv = (await wd.run(['eval', 'clean.ndjson', 'noisy.ndjson', '--format', 'csv'])).stdout.trim().split('\n')
    expect(csv[0]).toBe('run,facet,value,n,successes,success_rate,ci95_low,ci95_high')
    expect(csv[1]).toMatch(new RegExp(`^clean,overall,,${tasks.length},${clean.successes},`))
    // Unjudged trajectories are bad input, named by file and line.
    const unjudged = await wd.run(['eval', 'clean.traj.ndjson'])
    expect(unjudged.exitCode).toBe(1)
    expect(unjudged.stderr.trim()).toBe(
      'webgym: clean.traj.ndjson:1: field "judgment": missing (expected object, received undefined) (fix the record, or pass --on-invalid skip to skip bad records)',
    )
  }, 600_000)
})
