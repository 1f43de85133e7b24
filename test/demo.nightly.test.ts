// The main job and the online loop, end to end on the fixture web: `webgym demo` (tasks, split, rollout, judge,
// filter, train --dry-run, view) and one cron iteration of examples/nightly.sh with the dry-run trainer, its lock and
// its resume after a failed stage.
import {spawn} from 'node:child_process'
import {chmodSync, existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {execa} from 'execa'
import {beforeAll, describe, expect, it} from 'vitest'
import {assertBuilt, root} from './helpers/cli.js'
import {startStandin} from './helpers/openai-standin.js'
import {chromiumProcesses, fixtureSample, ndjson, readNdjson, spawnWebgym} from './helpers/rollout.js'
import {workdir} from './helpers/workdir.js'

beforeAll(() => assertBuilt())

describe('webgym demo', () => {
  const dir = workdir().dir
  const out = join(dir, 'demo')
  let result: Awaited<ReturnType<typeof spawnWebgym>>
  let summary: any

  beforeAll(async () => {
    result = await spawnWebgym(['demo', '--out', out, '--train-tasks', '6', '--test-tasks', '3', '--json'], {
      tmp: dir,
      env: {OPENAI_BASE_URL: '', WEBGYM_MODEL: '', WEBGYM_JUDGE_MODEL: ''},
    })
    summary = JSON.parse(result.stdout)
  }, 600_000)

  it('runs every stage, exits 0 and prints only its JSON summary on stdout', () => {
    expect(result.exitCode, result.stderr).toBe(0)
    expect(summary).toMatchObject({
      policy: 'oracle',
      judge: 'programmatic',
      tasks: 9,
      train: {rolled_out: 6},
      test: {rolled_out: 3},
    })
    expect(result.stderr).toMatch(/demo: == the fixture web's tasks, split by website/)
    for (const stage of ['rollout', 'judge', 'filter', 'train --dry-run', 'view'])
      expect(result.stderr).toContain(`demo: == ${stage}:`)
    expect(result.stderr).toMatch(/demo: done\. Success on train \d+\/6, on the held-out test websites \d+\/3/)
  })

  it('with -q, its stages are quiet too: nothing on stderr, the same JSON summary shape on stdout', async () => {
    const quiet = await spawnWebgym(
      ['demo', '--out', join(dir, 'quiet'), '--train-tasks', '2', '--test-tasks', '1', '--json', '-q'],
      {tmp: dir, env: {OPENAI_BASE_URL: '', WEBGYM_MODEL: '', WEBGYM_JUDGE_MODEL: ''}},
    )
    expect(quiet.exitCode, quiet.stderr).toBe(0)
    expect(quiet.stderr).toBe('')
    expect(JSON.parse(quiet.stdout)).toMatchObject({
      policy: 'oracle',
      judge: 'programmatic',
      tasks: 3,
      train: {rolled_out: 2},
      test: {rolled_out: 1},
    })
  }, 600_000)

  it('leaves every artefact where the summary says, and no Chromium behind', () => {
    for (const path of Object.values(summary.files) as string[]) expect(existsSync(path), path).toBe(true)
    const judged = readNdjson(summary.files.judged)
    expect(judged).toHaveLength(9)
    expect(summary.train.rewarded + summary.test.rewarded).toBe(
      judged.filter((record) => record.judgment.reward === 1).length,
    )
    expect(readNdjson(summary.files.kept)).toHaveLength(summary.kept_for_training)
    expect(existsSync(join(summary.files.training_data, 'train.yaml'))).toBe(true)
    // Test websites are held out: no kept (training) trajectory is on one.
    const testSites = new Set(readNdjson(join(out, 'test.ndjson')).map((task) => task.website))
    for (const record of readNdjson(summary.files.kept)) expect(testSites.has(record.task.website)).toBe(false)
    expect(chromiumProcesses(dir)).toEqual([])
  })
})

describe('examples/nightly.sh', () => {
  const dir = workdir().dir
  const home = join(dir, 'home')
  const tasks = join(dir, 'tasks.ndjson')
  const script = join(root, 'examples', 'nightly.sh')
  const env = (extra: Record<string, string> = {}) => ({
    WEBGYM_HOME: home,
    ROLLOUT_ARGS: '--policy oracle --oracle-noise 0.2 --concurrency 2 --browsers 1',
    JUDGE_ARGS: '--judge programmatic',
    TRAIN_ARGS: '--dry-run --backend llamafactory',
    TMPDIR: dir,
    ...extra,
  })
  const nightly = (extra: Record<string, string> = {}) =>
    execa('bash', [script, tasks], {cwd: dir, reject: false, env: env(extra), encoding: 'utf8'})

  beforeAll(() => {
    writeFileSync(tasks, ndjson(fixtureSample(1).slice(0, 3)))
  })

  it('resumes the iteration whose train stage failed, without rolling out again, and finishes it', async () => {
    const first = await nightly({TRAIN_ARGS: '--dry-run --backend no-such-backend'})
    expect(first.exitCode).toBe(2)
    expect(first.stderr).toMatch(/nightly: train failed \(exit 2\).*the next run resumes iteration/)
    const [id] = readdirSync(join(home, 'iterations'))
    const it = join(home, 'iterations', id)
    expect(existsSync(join(it, '.rollout.done'))).toBe(true)
    expect(existsSync(join(it, '.train.done'))).toBe(false)
    const trajectories = readFileSync(join(it, 'trajectories.ndjson'), 'utf8')

    const second = await nightly()
    expect(second.exitCode, second.stderr).toBe(0)
    expect(second.stderr).toContain(`iteration ${id} (resumed)`)
    expect(readdirSync(join(home, 'iterations'))).toEqual([id])
    expect(readFileSync(join(it, 'trajectories.ndjson'), 'utf8')).toBe(trajectories)
    expect(readNdjson(join(it, 'judged.ndjson'))).toHaveLength(3)
    const run = JSON.parse(readFileSync(join(it, 'train-run.json'), 'utf8'))
    expect(run.dry_run).toBe(true)
    expect(existsSync(join(it, '.done'))).toBe(true)
    const log = readFileSync(join(home, 'logs', `${id}.log`), 'utf8')
    expect(log).toMatch(/== rollout: done earlier, skipped/)
    expect(log).toMatch(/== reload: skipped/)
    expect(chromiumProcesses(dir)).toEqual([])

    // The next run starts a new iteration.
    await new Promise((resolve) => setTimeout(resolve, 1100))
    const third = await nightly({ROLLOUT_ARGS: '--policy oracle --concurrency 2 --browsers 1'})
    expect(third.exitCode, third.stderr).toBe(0)
    expect(readdirSync(join(home, 'iterations'))).toHaveLength(2)
  }, 600_000)

  it('abandons an iteration that failed MAX_ATTEMPTS times and starts a new one', async () => {
    const home3 = join(dir, 'home-abandon')
    const run = () =>
      execa('bash', [script, tasks], {
        cwd: dir,
        reject: false,
        encoding: 'utf8',
        env: {...env({TRAIN_ARGS: '--backend no-such-backend', MAX_ATTEMPTS: '1'}), WEBGYM_HOME: home3},
      })
    expect((await run()).exitCode).toBe(2)
    const second = await run()
    expect(second.exitCode).toBe(2)
    expect(second.stderr).toMatch(/failed 1 times; abandoned, starting a new one/)
    const ids = readdirSync(join(home3, 'iterations')).sort()
    expect(ids).toHaveLength(2)
    expect(existsSync(join(home3, 'iterations', ids[0], '.abandoned'))).toBe(true)
  }, 300_000)

  it('never overlaps: a second run while the lock is held exits 75 at once', async () => {
    const holder = spawn('flock', [join(home, 'lock'), 'sleep', '30'], {stdio: 'ignore'})
    try {
      await new Promise((resolve) => setTimeout(resolve, 300))
      const blocked = await nightly()
      expect(blocked.exitCode).toBe(75)
      expect(blocked.stderr).toMatch(/another iteration holds .*lock/)
    } finally {
      holder.kill()
    }
  })

  it('with a trainer that runs (a stand-in accelerate), loads the new adapter into the policy server', async () => {
    const bin = join(dir, 'bin')
    mkdirSync(bin, {recursive: true})
    // accelerate launch trainer/train.py --config OUT/train_config.json: writes a LoRA checkpoint, says so as the trainer does.
    writeFileSync(
      join(bin, 'accelerate'),
      String.raw`#!/usr/bin/env node
const fs = require('node:fs'), path = require('node:path')
const config = process.argv[process.argv.indexOf('--config') + 1]
const checkpoint = path.join(path.dirname(config), 'checkpoints', 'checkpoint-2')
fs.mkdirSync(checkpoint, {recursive: true})
fs.writeFileSync(path.join(checkpoint, 'adapter_config.json'), '{"r": 16}')
console.log(JSON.stringify({event: 'start', total_steps: 2}))
console.log(JSON.stringify({event: 'step', step: 2, total_steps: 2, loss: 0.5, lr: 1e-5}))
console.log(JSON.stringify({event: 'done', steps: 2, final_loss: 0.5, checkpoint}))
`,
    )
    chmodSync(join(bin, 'accelerate'), 0o755)
    const vllm = await startStandin()
    try {
      const home2 = join(dir, 'home-reload')
      const result = await execa('bash', [script, tasks], {
        cwd: dir,
        reject: false,
        encoding: 'utf8',
        env: {
          ...env({TRAIN_ARGS: '--backend torch', RELOAD_BASE_URL: vllm.url}),
          WEBGYM_HOME: home2,
          PATH: `${bin}:${process.env.PATH}`,
        },
      })
      expect(result.exitCode, result.stderr).toBe(0)
      const [id] = readdirSync(join(home2, 'iterations'))
      const run = JSON.parse(readFileSync(join(home2, 'iterations', id, 'train-run.json'), 'utf8'))
      expect(run).toMatchObject({dry_run: false, steps: 2, final_loss: 0.5})
      const load = vllm.requests.find((request) => request.path === '/v1/load_lora_adapter')
      expect(load?.body).toMatchObject({lora_name: 'webgym-latest', lora_path: run.checkpoint, load_inplace: true})
      expect(result.stderr).toContain(`adapter ${run.checkpoint}`)
    } finally {
      await vllm.close()
    }
  }, 300_000)
})
