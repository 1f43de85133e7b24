// The sharded rollout as a real Slurm array job (deploy/slurm/rollout.sbatch on the one-node cluster of
// test/helpers/slurm.ts): 4 shards against 2 policy stand-ins and a fleet of 2 browser servers. Mid-run one browser
// server dies, one policy stand-in goes away, and one array task is cancelled (scancel) and submitted again with
// --resume. The union of the shards' outputs must hold every task exactly once, each with an honest status.
import {existsSync, readFileSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {shardOfKey} from '../src/lib/batch/shard.js'
import {bin, root} from './helpers/cli.js'
import {startStandin, type Standin, type StandinReply, type StandinRequest} from './helpers/openai-standin.js'
import {
  chromiumProcesses,
  firstLine,
  fixtureSample,
  ndjson,
  readNdjson,
  spawnWebgym,
  waitFor,
} from './helpers/rollout.js'
import {slurmAvailable, slurmRequired, startSlurmCluster, type SlurmCluster} from './helpers/slurm.js'
import {workdir} from './helpers/workdir.js'

const availability = slurmAvailable()
const skip = !availability.available && !slurmRequired()
if (skip) console.warn(`slurm.rollout.test.ts skipped: ${availability.available ? '' : availability.reason}`)

const call = (args: Record<string, unknown>) =>
  `Thought: next.\nAction: ${String(args.action)}\n<tool_call>\n${JSON.stringify({name: 'computer_use', arguments: args})}\n</tool_call>`

/** Two scrolls, then an answer: three policy requests per episode, each taking a while as a GPU's would. */
function policyReply(request: StandinRequest): StandinReply {
  if (request.images >= 3) return {content: call({action: 'answer', text: 'done'}), delayMs: 250}
  return {
    content: call({action: 'scroll', coordinate: [500, 500], direction: request.images === 1 ? 'down' : 'up'}),
    delayMs: 250,
  }
}

describe.skipIf(skip)('rollout as a Slurm array job (deploy/slurm/rollout.sbatch)', () => {
  let cluster: SlurmCluster
  beforeAll(async () => {
    if (!availability.available)
      throw new Error(`Slurm is required here (CI or WEBGYM_REQUIRE_SLURM=1) but: ${availability.reason}`)
    cluster = await startSlurmCluster()
  }, 60_000)
  afterAll(async () => {
    await cluster?.stop()
  }, 60_000)

  it('does every task exactly once across 4 shards after a lost browser server, a lost policy server and a cancelled shard', async () => {
    const wd = workdir()
    const sites = spawnWebgym(['sites', 'serve', '--port', '0'])
    const info = JSON.parse(await firstLine(sites))
    const serve = (name: string) =>
      spawnWebgym(['browsers', 'serve', '--host-resolver-rules', info.host_resolver_rules], {tmp: wd.mkdir(name)})
    const browsers = {a: serve('browsers-a'), b: serve('browsers-b')}
    // Listening from the start: a line printed before anyone listens is gone.
    const lines = [firstLine(browsers.a), firstLine(browsers.b)]
    const policies: Standin[] = [
      await startStandin({models: ['vl'], handler: policyReply}),
      await startStandin({models: ['vl'], handler: policyReply}),
    ]
    try {
      const endpoints = (await Promise.all(lines)).map((line) => JSON.parse(line).ws_endpoint as string)
      writeFileSync(wd.path('fleet.txt'), `${endpoints.join('\n')}\n`)
      const tasks = fixtureSample(4)
      wd.write('state/tasks.ndjson', ndjson(tasks))
      const run = wd.mkdir('state', 'run')
      wd.mkdir('logs')
      const env = {
        WEBGYM: `${process.execPath} ${bin}`,
        NODE_ENV: 'production',
        WEBGYM_STATE: wd.path('state'),
        WEBGYM_BASE_URLS: policies.map((policy) => policy.url).join(','),
        WEBGYM_MODEL: 'vl',
        CONCURRENCY: '3',
        GRACE: '3',
        ROLLOUT_ARGS: `--browser-ws ${wd.path('fleet.txt')} --sites ${info.url} --sites-token ${info.token} --horizon 6 --retries 3`,
      }
      const script = readFileSync(join(root, 'deploy', 'slurm', 'rollout.sbatch'), 'utf8')
      // The cluster's node is small: one CPU and a little memory per shard instead of the script's defaults.
      const resources = ['--cpus-per-task=1', '--mem=200M', `--output=${wd.path('logs')}/%A_%a.out`]
      const shardFile = (index: number) => join(run, `traj.shard-${index}.ndjson`)
      const written = () =>
        [0, 1, 2, 3].reduce(
          (sum, index) =>
            sum +
            (existsSync(shardFile(index))
              ? readFileSync(shardFile(index), 'utf8').split('\n').filter(Boolean).length
              : 0),
          0,
        )

      const job = await cluster.sbatch(['--array=0-3', ...resources], script, {cwd: wd.dir, env})
      await waitFor(() => written() >= 4, 180_000, 'four trajectories across the shards')
      // The faults, mid-run: browser server b's Chromium dies, policy server 2 goes away, shard 1 is cancelled.
      for (const pid of chromiumProcesses(wd.path('browsers-b'))) process.kill(pid, 'SIGKILL')
      await policies[1]!.close()
      await cluster.scancel(`${job}_1`)
      const first = await cluster.waitForJob(job, 300_000)
      const states = Object.fromEntries(first.map((task) => [task.arrayTaskId, task.state]))
      const logs = () =>
        [0, 1, 2, 3]
          .map(
            (i) =>
              `--- shard ${i}\n${existsSync(wd.path('logs', `${job}_${i}.out`)) ? readFileSync(wd.path('logs', `${job}_${i}.out`), 'utf8').slice(-3000) : '(no log)'}`,
          )
          .join('\n')
      expect(states, logs()).toMatchObject({'0': 'COMPLETED', '2': 'COMPLETED', '3': 'COMPLETED'})
      expect(states['1'], logs()).toBe('CANCELLED')
      // What shard 1 had not finished was written as aborted (its episodes in flight) or not written at all.
      const cut = readNdjson(shardFile(1))
      expect(cut.length).toBeLessThan(tasks.filter((task) => shardOfKey(task.id, 4) === 1).length + 1)

      // Shard 1 again, on its own output: WEBGYM_SHARD_COUNT says how many shards there are.
      const again = await cluster.sbatch(['--array=1', ...resources], script, {
        cwd: wd.dir,
        env: {...env, WEBGYM_SHARD_COUNT: '4'},
      })
      const second = await cluster.waitForJob(again, 300_000)
      expect(
        second.map((task) => task.state),
        logs(),
      ).toEqual(['COMPLETED'])

      // The union: every task exactly once, each in its own shard's file, every episode answered.
      const byShard = [0, 1, 2, 3].map((index) => readNdjson(shardFile(index)))
      byShard.forEach((trajectories, index) => {
        for (const trajectory of trajectories) expect(shardOfKey(trajectory.task.id, 4)).toBe(index)
      })
      const all = byShard.flat()
      expect(all.map((t) => t.task.id).sort()).toEqual(tasks.map((t) => t.id).sort())
      expect(all.map((t) => [t.task.id, t.status])).toEqual(all.map((t) => [t.task.id, 'answered']))
      for (const trajectory of all) expect(trajectory.steps).toHaveLength(3)

      // The summaries say what happened: the policy server that went away was taken out and its requests went to
      // the other; episodes on the lost browser server were tried again.
      const summaries = [0, 1, 2, 3].map((index) =>
        JSON.parse(readFileSync(join(run, `summary.shard-${index}.json`), 'utf8')),
      )
      expect(summaries.map((summary) => summary.shard)).toEqual(
        [0, 1, 2, 3].map((index) => expect.objectContaining({index, count: 4})),
      )
      expect(
        summaries.some((summary) => summary.policy_servers?.[1]?.taken_out >= 1),
        JSON.stringify(summaries.map((s) => s.policy_servers)),
      ).toBe(true)
      expect(
        summaries.reduce((sum, summary) => sum + summary.episode_retries + summary.browser_restarts, 0),
      ).toBeGreaterThanOrEqual(1)
    } finally {
      for (const child of [browsers.a, browsers.b, sites]) child.kill('SIGINT')
      await Promise.allSettled([browsers.a, browsers.b, sites])
      for (const policy of policies) await policy.close()
    }
  }, 900_000)
})
