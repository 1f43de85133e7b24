import {readFile} from 'node:fs/promises'
import {createServer, type AddressInfo} from 'node:net'
import {beforeAll, describe, expect, it} from 'vitest'
import {TaskSchema} from '../src/lib/schema/task.js'
import {SolutionSchema} from '../src/lib/schema/solution.js'
import {DOMAINS} from '../src/lib/schema/taxonomy.js'
import {assertBuilt, runWebgym, spawnWebgym} from './helpers/cli.js'
import {httpGet} from './helpers/sites-http.js'
import {workdir} from './helpers/workdir.js'

let tasksText: string
beforeAll(async () => {
  assertBuilt()
  const result = await runWebgym(['sites', 'tasks'])
  expect(result.exitCode, String(result.stderr)).toBe(0)
  tasksText = String(result.stdout)
})

describe('webgym sites tasks', () => {
  it('prints valid Task records, each with a rubric, a reference solution and a check', () => {
    const tasks = tasksText
      .trim()
      .split('\n')
      .map((line) => TaskSchema.parse(JSON.parse(line)))
    for (const task of tasks) {
      expect(task.rubric, task.id).not.toBeNull()
      expect(task.difficulty).toBe(task.rubric!.fact_groups.reduce((n, g) => n + g.facts.length, 0))
      expect(SolutionSchema.safeParse(task.meta.solution).success, task.id).toBe(true)
      expect(task.meta.check).toEqual({path: '/__webgym/check', task: task.id})
      expect(task.start_url).toMatch(/^http:\/\/[a-z0-9-]+\.webgym\.test\//)
      expect(task.website).toBe(new URL(task.start_url!).hostname)
      if (task.meta.kind === 'lookup') expect(task.reference_answer, task.id).not.toBeNull()
    }
    expect(new Set(tasks.map((task) => task.id)).size).toBe(tasks.length)
  })

  it('covers at least 500 tasks over 200 websites, all levels and 4 of the 6 domains (webgym stats)', async () => {
    const stats = await runWebgym(['stats', '--json', '--top', '1000'], {input: tasksText})
    expect(stats.exitCode, String(stats.stderr)).toBe(0)
    const counts = JSON.parse(String(stats.stdout)) as {
      records: number
      distinct_websites: number
      by_level: Record<string, number>
      by_domain: Record<string, number>
    }
    expect(counts.records).toBeGreaterThanOrEqual(500)
    expect(counts.distinct_websites).toBeGreaterThanOrEqual(200)
    for (const level of ['easy', 'medium', 'hard']) expect(counts.by_level[level] ?? 0, level).toBeGreaterThan(0)
    expect(Object.keys(counts.by_domain).filter((domain) => DOMAINS.includes(domain)).length).toBeGreaterThanOrEqual(4)
  })

  it('is deterministic for a seed, and another seed gives other sites', async () => {
    const again = await runWebgym(['sites', 'tasks', '--seed', '0'])
    expect(String(again.stdout)).toBe(tasksText)
    const other = await runWebgym(['sites', 'tasks', '--seed', '1', '--family', 'shop'])
    expect(other.exitCode).toBe(0)
    expect(String(other.stdout).split('\n')[0]).not.toBe(tasksText.split('\n')[0])
  })

  it('splits by website with the split invariants holding', async () => {
    const wd = workdir()
    const train = wd.path('train.ndjson')
    const test = wd.path('test.ndjson')
    const split = await runWebgym(['split', '--train', train, '--test', test, '--test-size', '40', '-'], {
      input: tasksText,
    })
    expect(split.exitCode, String(split.stderr)).toBe(0)
    const read = async (path: string) =>
      (await readFile(path, 'utf8'))
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as {id: string; website: string})
    const [trainTasks, testTasks] = [await read(train), await read(test)]
    const trainSites = new Set(trainTasks.map((task) => task.website))
    expect(testTasks.some((task) => trainSites.has(task.website))).toBe(false)
    expect(testTasks).toHaveLength(40)
    expect(new Set(testTasks.map((task) => task.website)).size).toBe(40)
    expect(trainTasks.length + testTasks.length).toBeLessThanOrEqual(tasksText.trim().split('\n').length)
    expect(trainTasks.length).toBeGreaterThan(300)
    expect(new Set([...trainTasks, ...testTasks].map((task) => task.id)).size).toBe(
      trainTasks.length + testTasks.length,
    )
  })

  it('names an unknown family', async () => {
    const result = await runWebgym(['sites', 'tasks', '--family', 'casino'])
    expect(result.exitCode).toBe(2)
    expect(String(result.stderr).trim().split('\n')).toHaveLength(1)
    expect(String(result.stderr)).toMatch(/unknown site family "casino" \(known: shop/)
  })
})

describe('webgym sites serve', () => {
  it('prints its address, resolver rule and token as JSON, serves sites, and stops on SIGTERM', async () => {
    const child = spawnWebgym(['sites', 'serve', '--port', '0', '--token', 'tok'], {buffer: {stdout: false}})
    const line = await new Promise<string>((resolve, reject) => {
      let text = ''
      child.stdout!.on('data', (chunk: Buffer) => {
        text += chunk.toString('utf8')
        if (text.includes('\n')) resolve(text.split('\n')[0]!)
      })
      child.on('exit', () => reject(new Error(`sites serve exited early: ${text}`)))
    })
    const info = JSON.parse(line) as {
      url: string
      port: number
      host_resolver_rules: string
      token: string
      sites: number
    }
    expect(info.port).toBeGreaterThan(0)
    expect(info.url).toBe(`http://127.0.0.1:${info.port}`)
    expect(info.host_resolver_rules).toBe(`MAP *.webgym.test 127.0.0.1:${info.port}`)
    expect(info.token).toBe('tok')
    expect(info.sites).toBeGreaterThanOrEqual(200)
    const firstTask = JSON.parse(tasksText.split('\n')[0]!) as {website: string}
    const home = await httpGet(info, firstTask.website, '/')
    expect(home.status).toBe(200)
    child.kill('SIGTERM')
    const result = await child
    expect(result.exitCode).toBe(0)
    expect(String(result.stderr)).toMatch(/host-resolver-rules="MAP \*\.webgym\.test 127\.0\.0\.1:\d+"/)
  })

  it('names a port already in use and the way out, in one line, not as an internal error', async () => {
    const taken = createServer()
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve))
    try {
      const port = (taken.address() as AddressInfo).port
      const result = await runWebgym(['sites', 'serve', '--port', String(port)])
      expect(result.exitCode).toBe(1)
      expect(String(result.stderr).trim().split('\n')).toEqual([
        `webgym: cannot listen on 127.0.0.1:${port}: the port is in use (pass another --port, or --port 0 for any free one)`,
      ])
      expect(result.stdout).toBe('')
    } finally {
      await new Promise((resolve) => taken.close(resolve))
    }
  })

  it('rejects a bad fault spec with exit 2 and one line', async () => {
    const result = await runWebgym(['sites', 'serve', '--port', '0', '--faults', 'latency=soon'])
    expect(result.exitCode).toBe(2)
    expect(String(result.stderr).trim().split('\n')).toHaveLength(1)
    expect(String(result.stderr)).toMatch(/--faults: latency must be MEDIAN\/P95 in ms/)
  })
})
