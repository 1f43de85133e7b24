import {existsSync, mkdirSync, readFileSync} from 'node:fs'
import {join} from 'node:path'
import {setTimeout as sleep} from 'node:timers/promises'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {slurmAvailable, slurmRequired, startSlurmCluster, type SlurmCluster} from './helpers/slurm.js'

// A real one-node Slurm cluster (test/helpers/slurm.ts): array jobs run their tasks at once with the right
// SLURM_ARRAY_* variables, one task of an array can be cancelled alone, and one index resubmitted. CI installs Slurm
// (scripts/install-slurm.sh) and runs as root, so there this runs; elsewhere it is skipped with the reason, unless
// CI or WEBGYM_REQUIRE_SLURM=1 is set, where a missing Slurm fails instead.
const availability = slurmAvailable()
const skip = !availability.available && !slurmRequired()
if (skip) console.warn(`slurm.cluster.test.ts skipped: ${availability.available ? '' : availability.reason}`)

/** Writes "$SLURM_ARRAY_TASK_ID $SLURM_ARRAY_TASK_COUNT" to OUT/task-ID.txt; task SLOW_INDEX then sleeps 300 s. */
const taskScript = (out: string, slowIndex?: number) => `#!/bin/bash
set -eu
echo "$SLURM_ARRAY_TASK_ID $SLURM_ARRAY_TASK_COUNT" > "${out}/task-$SLURM_ARRAY_TASK_ID.txt"
date +%s.%N > "${out}/start-$SLURM_ARRAY_TASK_ID.txt"
${slowIndex === undefined ? 'sleep 2' : `if [ "$SLURM_ARRAY_TASK_ID" = ${slowIndex} ]; then sleep 300; fi`}
date +%s.%N > "${out}/end-$SLURM_ARRAY_TASK_ID.txt"
`

describe.skipIf(skip)(
  `Slurm one-node cluster (${availability.available ? `Slurm ${availability.version}` : 'unavailable'})`,
  () => {
    let cluster: SlurmCluster

    beforeAll(async () => {
      if (!availability.available)
        throw new Error(`Slurm is required here (CI or WEBGYM_REQUIRE_SLURM=1) but: ${availability.reason}`)
      cluster = await startSlurmCluster()
    }, 45_000)

    afterAll(async () => {
      await cluster?.stop()
    }, 30_000)

    const outDir = (name: string) => {
      const dir = join(cluster.dir, 'out', name)
      mkdirSync(dir, {recursive: true})
      return dir
    }
    const read = (path: string) => readFileSync(path, 'utf8').trim()

    it('runs a 4-task array at once, each task with its index and the count, and the job ends COMPLETED', async () => {
      const out = outDir('array')
      const id = await cluster.sbatch(
        ['--array=0-3', '--job-name=array4', `--output=${out}/slurm-%A_%a.out`],
        taskScript(out),
      )
      const tasks = await cluster.waitForJob(id, 30_000)
      const context = `${JSON.stringify(tasks.map(({fields: _fields, ...job}) => job))}\n${cluster.logs()}`
      expect(
        tasks.map((task) => task.arrayTaskId),
        context,
      ).toEqual(['0', '1', '2', '3'])
      for (const task of tasks) {
        expect(task.arrayJobId, context).toBe(id)
        expect(task.state, context).toBe('COMPLETED')
        expect(task.exitCode, context).toBe('0:0')
      }
      expect(await cluster.jobState(id)).toBe('COMPLETED')
      for (let index = 0; index < 4; index++) {
        expect(read(join(out, `task-${index}.txt`)), `task ${index}`).toBe(`${index} 4`)
        expect(read(join(out, `slurm-${id}_${index}.out`)), `task ${index}'s output`).toBe('')
      }
      // All four ran at the same time: each started before any ended (every task sleeps 2 s).
      const starts = [0, 1, 2, 3].map((index) => Number(read(join(out, `start-${index}.txt`))))
      const ends = [0, 1, 2, 3].map((index) => Number(read(join(out, `end-${index}.txt`))))
      expect(Math.max(...starts), `starts ${starts} ends ${ends}`).toBeLessThan(Math.min(...ends))
      expect(await cluster.squeue(id)).toEqual([])
    })

    it('scancel JOBID_2 cancels that task alone, and --array=2 runs it again', async () => {
      const out = outDir('cancel')
      const id = await cluster.sbatch(
        ['--array=0-3', '--job-name=cancel2', `--output=${out}/slurm-%A_%a.out`],
        taskScript(out, 2),
      )
      // Task 2 running (it has written its line) and the others done.
      const deadline = Date.now() + 20_000
      for (;;) {
        const others = [0, 1, 3].every((index) => existsSync(join(out, `end-${index}.txt`)))
        const queue = await cluster.squeue(id)
        if (
          others &&
          existsSync(join(out, `task-2.txt`)) &&
          queue.some((entry) => entry.id === `${id}_2` && entry.state === 'RUNNING')
        )
          break
        if (Date.now() > deadline)
          throw new Error(`task 2 not running alone within 20 s: ${JSON.stringify(queue)}\n${cluster.logs()}`)
        await sleep(200)
      }
      await cluster.scancel(`${id}_2`)
      const tasks = await cluster.waitForJob(id, 20_000)
      const states = Object.fromEntries(tasks.map((task) => [task.arrayTaskId, task.state]))
      expect(states, cluster.logs()).toEqual({0: 'COMPLETED', 1: 'COMPLETED', 2: 'CANCELLED', 3: 'COMPLETED'})
      expect(await cluster.jobState(`${id}_2`)).toBe('CANCELLED')
      expect(await cluster.jobState(id)).toBe('MIXED')
      expect(existsSync(join(out, 'end-2.txt')), 'task 2 ran to its end').toBe(false)

      // Resubmit index 2 alone (no slow task this time): a new array job with one task, index 2, of a count of 1.
      const again = outDir('again')
      const retry = await cluster.sbatch(
        ['--array=2', '--job-name=retry2', `--output=${again}/slurm-%A_%a.out`],
        taskScript(again),
      )
      const [task, ...rest] = await cluster.waitForJob(retry, 20_000)
      expect(rest).toEqual([])
      expect(task.arrayJobId).toBe(retry)
      expect(task.arrayTaskId).toBe('2')
      expect(task.state, cluster.logs()).toBe('COMPLETED')
      expect(read(join(again, 'task-2.txt'))).toBe('2 1')
      expect(existsSync(join(again, 'task-0.txt'))).toBe(false)
    })
  },
)
