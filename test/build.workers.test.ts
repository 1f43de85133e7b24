import {mkdtemp, readFile, rm, writeFile} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {execa} from 'execa'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {hashString, StringIndex} from '../src/lib/tasks/string-index.js'
import {bin} from './sources.cli.js'

describe('StringIndex', () => {
  it('maps every distinct key to its first value across growth, and never merges different keys', () => {
    const index = new StringIndex()
    for (let i = 0; i < 100_000; i++) expect(index.setIfAbsent(`key ${i}`, i)).toBeUndefined()
    for (let i = 0; i < 100_000; i += 997) expect(index.setIfAbsent(`key ${i}`, -1)).toBe(i)
    expect(index.size).toBe(100_000)
    expect(index.get('key 99999')).toBe(99_999)
    expect(index.get('absent')).toBeUndefined()
  })

  it('tells apart keys whose hashes are made to collide', () => {
    const index = new StringIndex()
    const hash = hashString('a')
    expect(index.setIfAbsent('a', 1, hash)).toBeUndefined()
    expect(index.setIfAbsent('b', 2, hash)).toBeUndefined()
    expect(index.get('a', hash)).toBe(1)
    expect(index.get('b', hash)).toBe(2)
  })
})

// Conversion workers must change nothing but speed: same records, same order, same errors, same summary.
describe('tasks build with conversion workers', () => {
  let dir: string
  let input: string
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'webgym-workers-'))
    input = join(dir, 'tasks.jsonl')
    const lines: string[] = []
    for (let i = 0; i < 6000; i++) {
      if (i === 2500) lines.push('{"question": "broken line"')
      if (i === 4000) lines.push('')
      // Every 50th task repeats the one before (a duplicate to merge); every 90th reuses an id (a collision).
      const n = i % 50 === 49 ? i - 1 : i
      const site = n % 700
      lines.push(JSON.stringify({qid: i % 90 === 89 ? 'q0' : `q${i}`, question: `Find item ${n} on site ${site % 700}`, site: `shop${site}.example.com`, gold: i % 3 === 0 ? `answer ${i}` : null}))
    }
    await writeFile(input, `${lines.join('\n')}\n`)
  })
  afterAll(() => rm(dir, {recursive: true, force: true}))

  const build = (workers: string) =>
    execa('node', [bin, 'tasks', 'build', '--source', 'generic', '--map', 'intent=question,website=site,answer=gold,id=qid', '--on-invalid', 'skip', '--workers', workers, input], {
      env: {NODE_ENV: 'production'},
      reject: false,
    })

  it('writes byte-identical output and the same summary with 2 workers as with none', async () => {
    const [inThread, parallel] = await Promise.all([build('0'), build('2')])
    expect(inThread.exitCode).toBe(0)
    expect(parallel.exitCode).toBe(0)
    expect(parallel.stdout).toBe(inThread.stdout)
    expect(parallel.stderr).toBe(inThread.stderr)
    const records = inThread.stdout.split('\n').map((line) => JSON.parse(line) as {id: string; meta: {merged_from?: unknown[]}})
    expect(records.length).toBe(6000 - 120)
    expect(new Set(records.map((record) => record.id)).size).toBe(records.length)
    expect(records.filter((record) => record.meta.merged_from).length).toBe(120)
    expect(inThread.stderr).toContain('tasks.jsonl:2501')
    expect(inThread.stderr).toMatch(/120 duplicates merged/)
    expect(inThread.stderr).toMatch(/1 invalid records skipped/)
  })

  it('fails on the first bad line, naming it, with workers too', async () => {
    const strict = await execa('node', [bin, 'tasks', 'build', '--source', 'generic', '--map', 'intent=question,website=site', '--workers', '2', input], {env: {NODE_ENV: 'production'}, reject: false})
    expect(strict.exitCode).toBe(1)
    expect(strict.stderr.trim().split('\n')).toHaveLength(1)
    expect(strict.stderr).toContain('tasks.jsonl:2501')
    expect(strict.stdout).toBe('')
    expect(await readFile(input, 'utf8')).toContain('broken line')
  })
})
