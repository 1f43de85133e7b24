import {readFileSync} from 'node:fs'
import {describe, expect, it} from 'vitest'
import {assertBuilt} from './helpers/cli.js'
import {chromiumProcesses, ndjson, spawnWebgym} from './helpers/rollout.js'
import {workdir} from './helpers/workdir.js'

// Bad flags, bad input and broken surroundings: one clear line on stderr and an honest exit code.
const task = {
  id: 't:1',
  source: 't',
  intent: 'x',
  website: 'example.com',
  start_url: 'https://example.com/',
  reference_answer: null,
}

describe('rollout usage and failures', () => {
  assertBuilt()

  it.each([
    [['--policy', 'openai'], /no model given \(pass --model NAME or set WEBGYM_MODEL\)/],
    [['--policy', 'random', '--horizon', '5,6'], /--horizon must be one step cap or three/],
    [['--policy', 'random', '--viewport', '12x'], /--viewport must be WIDTHxHEIGHT/],
    [['--policy', 'replay'], /--policy replay needs the trajectories to replay/],
    [['--policy', 'oracle', '--oracle-noise', '2'], /--oracle-noise must be a probability/],
    [['--policy', 'random', '--random-actions', 'left_click,jump'], /--random-actions: unknown kind "jump"/],
    [['--policy', 'random', '--random-actions', ','], /--random-actions: names no action kind/],
    [['--policy', 'random', '--allow-host', 'http://x/'], /allow/i],
    [['--policy', 'random', '--resume', 'a.ndjson', '-o', 'b.ndjson'], /--resume and -o name different files/],
    [['--policy', 'random', '--json'], /when using --json: --output, --resume/],
  ])('%j is a usage error (exit 2, one line)', async (args, message) => {
    const result = await spawnWebgym(['rollout', ...args], {input: ndjson([task])})
    expect(result.exitCode).toBe(2)
    expect(result.stdout).toBe('')
    expect(result.stderr.trim().split('\n')).toHaveLength(1)
    expect(result.stderr).toMatch(message)
  })

  it('names the line and field of a bad task record', async () => {
    const result = await spawnWebgym(['rollout', '--policy', 'random'], {input: `${JSON.stringify(task)}\n{"id": 1}\n`})
    expect(result.exitCode).toBe(1)
    expect(result.stderr).toMatch(/<stdin>:2: field "id"/)
  })

  it('says how to get Chromium when it is missing', async () => {
    const result = await spawnWebgym(['rollout', '--policy', 'random'], {
      input: ndjson([task]),
      env: {WEBGYM_CHROMIUM: '/nonexistent/chromium'},
    })
    expect(result.exitCode).toBe(1)
    expect(result.stderr).toMatch(
      /WEBGYM_CHROMIUM points to \/nonexistent\/chromium, which does not exist \(set it to the Chromium binary/,
    )
    expect(result.stderr).not.toMatch(/internal error/)
  })

  it('exits 1 when every episode failed because the policy endpoint is down, with the trajectories written', async () => {
    const {dir} = workdir()
    const onFixture = {
      ...task,
      website: 'copperline-store.webgym.test',
      start_url: 'http://copperline-store.webgym.test/',
    }
    const tasks = [onFixture, {...onFixture, id: 't:2'}]
    const result = await spawnWebgym(
      [
        'rollout',
        '--model',
        'm',
        '--base-url',
        'http://127.0.0.1:9/v1',
        '--max-retries',
        '0',
        '--shots',
        `${dir}/shots`,
        '-',
      ],
      {input: ndjson(tasks), tmp: dir},
    )
    expect(result.exitCode).toBe(1)
    const trajectories = result.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line))
    expect(trajectories.map((t) => t.status)).toEqual(['error', 'error'])
    expect(trajectories[0].error).toMatch(/cannot reach the model server at http:\/\/127\.0\.0\.1:9\/v1/)
    expect(result.stderr).toMatch(/rollout failed: every episode \(2\) ended because the policy failed/)
    expect(chromiumProcesses(dir)).toEqual([])
  }, 120_000)

  it('gives up after policy failures in a row and still writes one record per task (the rest not started) and --summary', async () => {
    const {dir} = workdir()
    const onFixture = {
      ...task,
      website: 'copperline-store.webgym.test',
      start_url: 'http://copperline-store.webgym.test/',
    }
    const tasks = Array.from({length: 8}, (_, i) => ({...onFixture, id: `t:${i + 1}`}))
    const summary = `${dir}/summary.json`
    const result = await spawnWebgym(
      [
        'rollout',
        '--model',
        'm',
        '--base-url',
        'http://127.0.0.1:9/v1',
        '--max-retries',
        '0',
        '--concurrency',
        '1',
        '--shots',
        `${dir}/shots`,
        '--summary',
        summary,
        '-o',
        `${dir}/traj.ndjson`,
        '-',
      ],
      {input: ndjson(tasks), tmp: dir},
    )
    expect(result.exitCode).toBe(1)
    const trajectories = readFileSync(`${dir}/traj.ndjson`, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line))
    expect(trajectories.map((t) => t.task.id).sort()).toEqual(tasks.map((t) => t.id).sort())
    const notStarted = trajectories.filter((t) => t.cause.kind === 'not-started')
    expect(trajectories.filter((t) => t.cause.kind === 'policy-failed')).toHaveLength(3)
    expect(notStarted).toHaveLength(5)
    for (const t of notStarted)
      expect(t).toMatchObject({
        status: 'aborted',
        steps: [],
        error: expect.stringMatching(
          /^the run gave up before this episode started: 3 episodes in a row ended because the policy failed/,
        ),
      })
    expect(result.stderr).toMatch(
      /rollout failed: 3 episodes in a row ended because the policy failed .* \(5 episodes not started, written as aborted for --resume to run\)/,
    )
    expect(JSON.parse(readFileSync(summary, 'utf8'))).toMatchObject({episodes: 8, by_status: {error: 3, aborted: 5}})
    expect(chromiumProcesses(dir)).toEqual([])
  }, 120_000)

  it('exits 1 when every episode ended in error for another reason, with the trajectories written', async () => {
    const {dir} = workdir()
    const tasks = [
      {...task, start_url: null},
      {...task, id: 't:2', start_url: null},
    ]
    const result = await spawnWebgym(['rollout', '--policy', 'random', '--shots', `${dir}/shots`, '-'], {
      input: ndjson(tasks),
      tmp: dir,
    })
    expect(result.exitCode).toBe(1)
    const trajectories = result.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line))
    expect(trajectories.map((t) => [t.task.id, t.status])).toEqual([
      ['t:1', 'error'],
      ['t:2', 'error'],
    ])
    expect(result.stderr.trim().split('\n').at(-1)).toBe(
      'webgym: rollout failed: every episode (2) ended in error (last: the task has no start_url) (the trajectories hold each error; check that the start pages load (--sites, the network), then rerun with --resume)',
    )
    expect(chromiumProcesses(dir)).toEqual([])
  }, 120_000)

  it('refuses empty input with one line, writing nothing and starting no browser', async () => {
    const {dir} = workdir()
    const result = await spawnWebgym(['rollout', '--policy', 'random'], {input: '', tmp: dir})
    expect(result.exitCode).toBe(1)
    expect(result.stdout).toBe('')
    expect(result.stderr.trim().split('\n')).toEqual([
      'webgym: <stdin>: holds no records (it is empty, or only blank lines) (check that this is the file you meant and that it was written completely)',
    ])
    expect(chromiumProcesses(dir)).toEqual([])
  })
})
