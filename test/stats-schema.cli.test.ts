import {readFileSync} from 'node:fs'
import {gunzipSync} from 'node:zlib'
import {describe, expect, it} from 'vitest'
import {runWebgym} from './helpers/cli.js'
import {workdir} from './helpers/workdir.js'

const task = (id: string, website: string | null, level: string | null, domain: string | null = null) => ({
  id,
  source: id.split(':')[0],
  intent: `Do ${id}`,
  website,
  start_url: website ? `https://${website}/` : null,
  reference_answer: null,
  domain,
  subdomain: null,
  rubric: null,
  difficulty: null,
  level,
  parent_id: null,
  meta: {},
})

const trajectory = (t: ReturnType<typeof task>, status: string, reward?: 0 | 1) => ({
  task: t,
  run: {
    policy: 'random',
    model: null,
    prompt_version: null,
    policy_version: null,
    viewport: {width: 1280, height: 768},
    horizon: 10,
    seed: 1,
    webgym_version: '0.1.0',
  },
  status,
  answer: null,
  error: null,
  steps: [],
  ...(reward === undefined
    ? {}
    : {
        judgment: {
          reward,
          facts: [],
          key_screenshots: [],
          answer_supported: null,
          reference_match: null,
          blocked: false,
          judge: 'programmatic',
          model: null,
          prompt_version: null,
          webgym_version: '0.1.0',
          error: null,
        },
      }),
})

describe('webgym stats', () => {
  const tasks = [
    task('webvoyager:a', 'allrecipes.com', 'easy', 'Lifestyle & Leisure'),
    task('webvoyager:b', 'allrecipes.com', 'hard', 'Lifestyle & Leisure'),
    task('gaia:c', null, 'medium'),
    task('insta:d', 'ny.gov', null),
  ]
  const input = tasks.map((t) => JSON.stringify(t)).join('\n') + '\n'

  it('counts tasks by source, website, domain and level as JSON', async () => {
    const result = await runWebgym(['stats', '--json'], {input})
    expect(result.exitCode).toBe(0)
    const stats = JSON.parse(String(result.stdout))
    expect(stats).toMatchObject({
      records: 4,
      tasks: 4,
      trajectories: 0,
      distinct_websites: 2,
      by_source: {webvoyager: 2, gaia: 1, insta: 1},
      by_website: {'allrecipes.com': 2, 'ny.gov': 1, '(none)': 1},
      by_domain: {'Lifestyle & Leisure': 2, '(none)': 2},
      by_level: {easy: 1, medium: 1, hard: 1, '(none)': 1},
    })
  })

  it('prints a table, limiting websites to --top', async () => {
    const result = await runWebgym(['stats', '--top', '1', '-'], {input})
    expect(result.exitCode).toBe(0)
    const table = String(result.stdout)
    expect(table).toMatch(/records: 4 \(4 tasks, 0 trajectories\)/)
    expect(table).toMatch(/by website \(top 1\)\n\s+allrecipes\.com\s+2\s+50\.0%\n\s+… 2 more/)
    expect(table).toMatch(/by level\n/)
  })

  it('counts trajectories by status and judged ones by reward, in a mixed stream', async () => {
    const records = [
      trajectory(tasks[0], 'answered', 1),
      trajectory(tasks[1], 'horizon', 0),
      trajectory(tasks[2], 'stuck'),
      tasks[3],
    ]
    const result = await runWebgym(['stats', '--json'], {
      input: records.map((r) => JSON.stringify(r)).join('\n') + '\n',
    })
    expect(result.exitCode).toBe(0)
    const stats = JSON.parse(String(result.stdout))
    expect(stats).toMatchObject({
      records: 4,
      tasks: 1,
      trajectories: 3,
      by_status: {answered: 1, horizon: 1, stuck: 1},
      by_reward: {'1': 1, '0': 1},
    })
  })

  it('gives success at attempt 1 and pass@k over the attempts of each task (rollout --samples, then judge)', async () => {
    const attempt = (t: ReturnType<typeof task>, n: number, reward: 0 | 1) => ({
      ...trajectory(t, reward ? 'answered' : 'horizon', reward),
      id: `${t.id}#${n}`,
      attempt: n,
    })
    // a: 1 of 3 (attempt 1 failed); b: 3 of 3; c: 0 of 3.
    const records = [
      attempt(tasks[0], 1, 0),
      attempt(tasks[0], 2, 1),
      attempt(tasks[0], 3, 0),
      ...[1, 2, 3].map((n) => attempt(tasks[1], n, 1)),
      ...[1, 2, 3].map((n) => attempt(tasks[2], n, 0)),
    ]
    const input = records.map((r) => JSON.stringify(r)).join('\n') + '\n'
    const stats = JSON.parse(String((await runWebgym(['stats', '--json'], {input})).stdout))
    // pass@1 = mean of c/n = (1/3 + 1 + 0) / 3; pass@2: a 1 - C(2,2)/C(3,2) = 2/3, b 1, c 0; pass@3: a 1, b 1, c 0.
    expect(stats.attempts).toEqual({
      tasks: 3,
      attempts: {min: 3, max: 3},
      success_at_attempt_1: 0.3333,
      pass_at_k: {'1': 0.4444, '2': 0.5556, '3': 0.6667},
    })
    const table = String((await runWebgym(['stats'], {input})).stdout)
    expect(table).toMatch(
      /attempts \(3 tasks, 3 judged attempts each\)\n  success at attempt 1  33\.3%\n  pass@1 +44\.4%\n  pass@2 +55\.6%\n  pass@3 +66\.7%/,
    )
  })
})

describe('webgym schema', () => {
  it('prints a JSON Schema for every record type', async () => {
    for (const name of ['task', 'rubric', 'trajectory', 'judged', 'webgym-row', 'label']) {
      const result = await runWebgym(['schema', name])
      expect(result.exitCode, name).toBe(0)
      const schema = JSON.parse(String(result.stdout))
      expect(schema.$schema).toMatch(/json-schema\.org/)
      expect(schema.type).toBe('object')
    }
    const task = JSON.parse(String((await runWebgym(['schema', 'task'])).stdout))
    expect(task.required).toEqual(expect.arrayContaining(['id', 'source', 'intent', 'website', 'start_url']))
    // level: easy, medium or hard, or null.
    const levels = JSON.stringify(task.properties.level)
    for (const level of ['easy', 'medium', 'hard']) expect(levels).toContain(`"${level}"`)
    expect(levels).toContain('"null"')
    const judged = JSON.parse(String((await runWebgym(['schema', 'judged'])).stdout))
    // reward: the number 0 or 1 and nothing else; required.
    const rewards = judged.properties.judgment.properties.reward.anyOf.map((option: {type: string; const: number}) => [
      option.type,
      option.const,
    ])
    expect(rewards).toEqual([
      ['number', 0],
      ['number', 1],
    ])
    expect(judged.properties.judgment.required).toContain('reward')
  })

  it('writes -o FILE, gzip-compressed when FILE ends in .gz; an -o it cannot create is one line naming the path', async () => {
    const wd = workdir()
    const plain = await wd.run(['schema', 'task'])
    expect((await wd.run(['schema', 'task', '-o', wd.path('nested', 'task.json')])).exitCode).toBe(0)
    expect(wd.read('nested', 'task.json')).toBe(String(plain.stdout) + '\n')
    expect((await wd.run(['schema', 'task', '-o', wd.path('task.json.gz')])).exitCode).toBe(0)
    expect(gunzipSync(readFileSync(wd.path('task.json.gz'))).toString('utf8')).toBe(String(plain.stdout) + '\n')
    wd.write('a-file', '')
    const blocked = await wd.run(['schema', 'task', '-o', wd.path('a-file', 'task.json')])
    expect(blocked.exitCode).toBe(1)
    expect(String(blocked.stderr).trim().split('\n')).toHaveLength(1)
    expect(String(blocked.stderr)).toMatch(
      /^webgym: .*a-file: cannot mkdir \(something of that name is already there\) \(check the path and its permissions\)$/m,
    )
    expect(String(blocked.stderr)).not.toContain('internal error')
  })

  it('rejects an unknown record type as a usage error naming the valid ones', async () => {
    const result = await runWebgym(['schema', 'trajectories'])
    expect(result.exitCode).toBe(2)
    expect(String(result.stderr)).toMatch(
      /unknown record type "trajectories".*task, rubric, trajectory, judged, webgym-row/,
    )
  })
})
