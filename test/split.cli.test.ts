import {existsSync} from 'node:fs'
import {readdir, readFile} from 'node:fs/promises'
import {join} from 'node:path'
import {gunzipSync, gzipSync} from 'node:zlib'
import {beforeAll, describe, expect, it} from 'vitest'
import {dump, root} from './helpers/cli.js'
import {workdir, type Workdir} from './helpers/workdir.js'

const DOMAINS = [
  ['Entertainment', 'Music'],
  ['Entertainment', 'Books & Reading'],
  ['Misc.', 'News'],
  [null, null],
] as const
const LEVELS = ['easy', 'medium', 'hard', null] as const

/** 90 tasks over 50 websites (the first 40 websites have two tasks), with a spread of domains and levels. */
function fixtureTasks(): Record<string, unknown>[] {
  return Array.from({length: 90}, (_, i) => {
    const website = `site${i % 50}.example`
    const [domain, subdomain] = DOMAINS[i % DOMAINS.length]
    return {
      id: `fx:${i}`,
      source: 'fx',
      intent: `Do thing ${i}`,
      website,
      start_url: `https://${website}/`,
      domain,
      subdomain,
      level: LEVELS[(i >> 2) % 4],
    }
  })
}

const ndjson = (records: unknown[]) => records.map((record) => JSON.stringify(record)).join('\n') + '\n'

let wd: Workdir
let input: string
beforeAll(() => {
  if (!existsSync(join(root, 'dist', 'commands', 'split.js')))
    throw new Error('dist/ is missing: run `npm run build` before these tests')
  wd = workdir()
  input = wd.write('tasks.ndjson', ndjson(fixtureTasks()))
})

/** Runs the built CLI in the file's working directory. */
const webgym = (args: string[], options: {input?: string | Buffer; env?: Record<string, string>} = {}) =>
  wd.run(args, options)

const lines = async (path: string) => (await readFile(path, 'utf8')).split('\n').filter(Boolean)
const websitesOf = (textLines: string[]) => textLines.map((line) => (JSON.parse(line) as {website: string}).website)

describe('webgym split (built CLI)', () => {
  it('writes a split with no shared website and prints the report table', async () => {
    const result = await webgym([
      'split',
      'tasks.ndjson',
      '--train',
      'train.ndjson',
      '--test',
      'test.ndjson',
      '--test-size',
      '12',
      '--report',
    ])
    expect(result.exitCode, dump(result)).toBe(0)
    const train = await lines(wd.path('train.ndjson'))
    const test = await lines(wd.path('test.ndjson'))
    expect(test).toHaveLength(12)
    expect(new Set(websitesOf(test)).size).toBe(12)
    const testSites = new Set(websitesOf(test))
    expect(websitesOf(train).filter((website) => testSites.has(website))).toEqual([])
    const stdout = String(result.stdout)
    expect(stdout).toMatch(/^tasks\s+\d+\s+12$/m)
    expect(stdout).toMatch(/^websites\s+\d+\s+12$/m)
    expect(stdout).toMatch(/^ {2}Entertainment\s+\d+\s+[\d.]+\s+\d+\s+[\d.]+$/m)
    expect(stdout).toMatch(/^ {2}\(none\)/m)
    expect(stdout).toMatch(/ok\s+no website in both train and test \(0 shared\)/)
    expect(stdout).toMatch(/ok\s+one test task per test website/)
    expect(stdout).toContain('test size: requested 12, possible 12, achieved 12')
    expect(String(result.stderr)).toMatch(
      new RegExp(`split: train ${train.length} tasks on \\d+ websites; test 12 tasks on 12 websites`),
    )
  })

  it('prints the report as JSON that agrees with the files', async () => {
    const result = await webgym([
      'split',
      'tasks.ndjson',
      '--train',
      'j-train.ndjson',
      '--test',
      'j-test.ndjson',
      '--test-size',
      '12',
      '--report',
      '--json',
      '--seed',
      '3',
    ])
    expect(result.exitCode, dump(result)).toBe(0)
    const report = JSON.parse(String(result.stdout))
    const train = await lines(wd.path('j-train.ndjson'))
    expect(report.check.ok).toBe(true)
    expect(report.test.tasks).toBe(12)
    expect(report.train.tasks).toBe(train.length)
    expect(report.train.tasks + report.test.tasks + report.held_out + report.no_website).toBe(90)
    expect(report.train.websites + report.test.websites).toBe(50)
    const testRecords = (await lines(wd.path('j-test.ndjson'))).map(
      (line) => JSON.parse(line) as {level: string | null; subdomain: string | null},
    )
    const counted = (values: (string | null)[]) =>
      [...new Set(values)].map((value) => ({value, tasks: values.filter((v) => v === value).length}))
    const byValue = (a: {value: string | null}, b: {value: string | null}) =>
      String(a.value).localeCompare(String(b.value))
    expect([...report.test.levels].sort(byValue)).toEqual(counted(testRecords.map((r) => r.level)).sort(byValue))
    expect([...report.test.subdomains].sort(byValue)).toEqual(
      counted(testRecords.map((r) => r.subdomain)).sort(byValue),
    )
    expect(report.check.test_size).toEqual({requested: 12, possible: 12, achieved: 12})
  })

  it('gives the same files from stdin (plain and gzip) as from the file, and removes its spool', async () => {
    const byFile = await webgym([
      'split',
      'tasks.ndjson',
      '--train',
      'f-train.ndjson',
      '--test',
      'f-test.ndjson',
      '--test-size',
      '9',
      '--seed',
      '5',
    ])
    expect(byFile.exitCode, dump(byFile)).toBe(0)
    const spoolDir = wd.mkdir('spool-tmp')
    const env = {TMPDIR: spoolDir}
    const text = await readFile(input)
    const piped = await webgym(
      ['split', '--train', 's-train.ndjson', '--test', 's-test.ndjson', '--test-size', '9', '--seed', '5'],
      {input: text, env},
    )
    expect(piped.exitCode, dump(piped)).toBe(0)
    const gz = await webgym(
      ['split', '-', '--train', 'g-train.ndjson.gz', '--test', 'g-test.ndjson', '--test-size', '9', '--seed', '5'],
      {input: gzipSync(text), env},
    )
    expect(gz.exitCode, dump(gz)).toBe(0)
    const fileTrain = await readFile(wd.path('f-train.ndjson'))
    const fileTest = await readFile(wd.path('f-test.ndjson'))
    expect((await readFile(wd.path('s-train.ndjson'))).equals(fileTrain)).toBe(true)
    expect((await readFile(wd.path('s-test.ndjson'))).equals(fileTest)).toBe(true)
    expect(gunzipSync(await readFile(wd.path('g-train.ndjson.gz'))).equals(fileTrain)).toBe(true)
    expect((await readFile(wd.path('g-test.ndjson'))).equals(fileTest)).toBe(true)
    expect(await readdir(spoolDir)).toEqual([])
  })

  it('changes the test set with the seed', async () => {
    const a = await webgym([
      'split',
      'tasks.ndjson',
      '--train',
      'a-train.ndjson',
      '--test',
      'a-test.ndjson',
      '--test-size',
      '10',
      '--seed',
      '1',
    ])
    const b = await webgym([
      'split',
      'tasks.ndjson',
      '--train',
      'b-train.ndjson',
      '--test',
      'b-test.ndjson',
      '--test-size',
      '10',
      '--seed',
      '2',
    ])
    expect(a.exitCode, dump(a)).toBe(0)
    expect(b.exitCode, dump(b)).toBe(0)
    expect(await lines(wd.path('a-test.ndjson'))).not.toEqual(await lines(wd.path('b-test.ndjson')))
  })

  it('refuses a --test-size that would leave train less than half the websites, saying what would fit, and writes nothing', async () => {
    // The default (the paper's 1167) on 50 websites would have put every website in test and written an empty train.
    const result = await webgym([
      'split',
      'tasks.ndjson',
      '--train',
      'few-train.ndjson',
      '--test',
      'few-test.ndjson',
      '--report',
      '--json',
    ])
    expect(result.exitCode).toBe(2)
    expect(String(result.stderr).trim()).toBe(
      'webgym: tasks.ndjson has 50 websites; --test-size 1167 asks for 1167 test websites, which would leave train none (train keeps at least half the websites) (pass --test-size 25 or fewer, or a fraction such as 0.1 (5 test websites here))',
    )
    expect(String(result.stdout)).toBe('')
    expect(existsSync(wd.path('few-train.ndjson'))).toBe(false)
    expect(existsSync(wd.path('few-test.ndjson'))).toBe(false)
    const most = await webgym([
      'split',
      'tasks.ndjson',
      '--train',
      'most-train.ndjson',
      '--test',
      'most-test.ndjson',
      '--test-size',
      '26',
    ])
    expect(most.exitCode).toBe(2)
    expect(String(most.stderr)).toContain('asks for 26 test websites, which would leave train only 24')
    const half = await webgym([
      'split',
      'tasks.ndjson',
      '--train',
      'half-train.ndjson',
      '--test',
      'half-test.ndjson',
      '--test-size',
      '25',
    ])
    expect(half.exitCode, dump(half)).toBe(0)
    expect(new Set(websitesOf(await lines(wd.path('half-train.ndjson')))).size).toBe(25)
  })

  it('takes --test-size as a fraction of the websites', async () => {
    const result = await webgym([
      'split',
      'tasks.ndjson',
      '--train',
      'frac-train.ndjson',
      '--test',
      'frac-test.ndjson',
      '--test-size',
      '0.1',
      '--report',
      '--json',
    ])
    expect(result.exitCode, dump(result)).toBe(0)
    const report = JSON.parse(String(result.stdout))
    expect(report.check.test_size).toEqual({requested: 5, possible: 5, achieved: 5})
    expect(await lines(wd.path('frac-test.ndjson'))).toHaveLength(5)
    // Two websites or none: no split by website is possible.
    wd.write('two.ndjson', ndjson(fixtureTasks().filter((task) => task.website === 'site0.example')))
    const one = await webgym([
      'split',
      'two.ndjson',
      '--train',
      'o-train.ndjson',
      '--test',
      'o-test.ndjson',
      '--test-size',
      '1',
    ])
    expect(one.exitCode).toBe(2)
    expect(String(one.stderr).trim()).toMatch(
      /^webgym: two\.ndjson has tasks on 1 website: a split by website needs at least 2/,
    )
  })

  it('exits 2 on bad usage, before writing anything', async () => {
    const cases: [string[], RegExp][] = [
      [['--train', 'same.ndjson', '--test', 'same.ndjson'], /--train and --test both name "same\.ndjson"/],
      [
        ['--train', 'u-train.ndjson', '--test', 'u-test.ndjson', '--test-size', '0'],
        /--test-size must be a whole number of at least 1 or a fraction between 0 and 1 \(such as 0\.1\), got "0"/,
      ],
      [
        ['--train', 'u-train.ndjson', '--test', 'u-test.ndjson', '--test-size', '1.5'],
        /--test-size must be a whole number of at least 1 or a fraction/,
      ],
      [['--train', 'u-train.ndjson'], /Missing required flag test/],
      [['--train', 'tasks.ndjson', '--test', 'u-test.ndjson'], /--train "tasks\.ndjson" is the input file/],
    ]
    for (const [flags, message] of cases) {
      const result = await webgym(['split', 'tasks.ndjson', ...flags])
      expect(result.exitCode, dump(result)).toBe(2)
      expect(String(result.stderr), dump(result)).toMatch(message)
    }
    expect(existsSync(wd.path('u-test.ndjson'))).toBe(false)
    expect((await readFile(input, 'utf8')).split('\n')).toHaveLength(91)
  })

  it('exits 1 on an invalid record, naming file:line and field', async () => {
    const records: unknown[] = fixtureTasks().slice(0, 5)
    records.splice(2, 0, {id: 'bad:1', source: 'bad', intent: 'x', website: 42, start_url: null})
    wd.write('bad.ndjson', ndjson(records))
    const byFile = await webgym(['split', 'bad.ndjson', '--train', 'b1.ndjson', '--test', 'b2.ndjson'])
    expect(byFile.exitCode, dump(byFile)).toBe(1)
    expect(String(byFile.stderr)).toMatch(/bad\.ndjson:3: field "website": .*number/)
    const piped = await webgym(['split', '--train', 'b1.ndjson', '--test', 'b2.ndjson'], {
      input: ndjson(records).replace('"level":"easy"', '"level":"trivial"'),
    })
    expect(piped.exitCode, dump(piped)).toBe(1)
    expect(String(piped.stderr)).toMatch(/<stdin>:1: field "level": .*"trivial"/)
  })

  it('skips and counts invalid records with --on-invalid skip, and keeps them out of both files', async () => {
    const records: unknown[] = fixtureTasks()
    records.splice(10, 0, {
      id: 'bad:1',
      source: 'bad',
      intent: 'x',
      website: 'bad.example',
      start_url: null,
      level: 'trivial',
    })
    const text = ndjson(records) + 'not json\n'
    wd.write('skip.ndjson', text)
    const result = await webgym([
      'split',
      'skip.ndjson',
      '--train',
      'k-train.ndjson',
      '--test',
      'k-test.ndjson',
      '--test-size',
      '12',
      '--on-invalid',
      'skip',
      '--report',
      '--json',
    ])
    expect(result.exitCode, dump(result)).toBe(0)
    const stderr = String(result.stderr)
    expect(stderr).toMatch(/skipped skip\.ndjson:11: field "level"/)
    expect(stderr).toMatch(/skipped skip\.ndjson:92: not valid JSON/)
    expect(stderr).toContain('2 invalid skipped')
    expect(JSON.parse(String(result.stdout)).invalid_skipped).toBe(2)
    const written = [...(await lines(wd.path('k-train.ndjson'))), ...(await lines(wd.path('k-test.ndjson')))]
    expect(written.some((line) => line.includes('bad:1'))).toBe(false)
  })

  it('prints no summary with --quiet', async () => {
    const result = await webgym([
      'split',
      'tasks.ndjson',
      '--train',
      'q-train.ndjson',
      '--test',
      'q-test.ndjson',
      '--test-size',
      '5',
      '--quiet',
    ])
    expect(result.exitCode, dump(result)).toBe(0)
    expect(String(result.stderr)).toBe('')
    expect(await lines(wd.path('q-test.ndjson'))).toHaveLength(5)
  })

  it("copies each line as it was read, less a CR before LF and the first line's BOM, with blank lines and a missing final newline handled", async () => {
    const records = fixtureTasks().slice(0, 30)
    const plain = records.map((record) => JSON.stringify(record))
    // A BOM, CRLF on every other line, blank lines between, and no line break after the last line.
    const text =
      '\ufeff' +
      plain
        .map((line, i) => (i % 2 === 0 ? `${line}\r\n` : `${line}\n`) + (i % 7 === 3 ? '\n  \r\n' : ''))
        .join('')
        .replace(/\r?\n$/, '')
    wd.write('crlf.ndjson', text)
    const result = await webgym([
      'split',
      'crlf.ndjson',
      '--train',
      'c-train.ndjson',
      '--test',
      'c-test.ndjson',
      '--test-size',
      '6',
      '--json',
    ])
    expect(result.exitCode, dump(result)).toBe(0)
    const train = await readFile(wd.path('c-train.ndjson'), 'utf8')
    const test = await readFile(wd.path('c-test.ndjson'), 'utf8')
    for (const out of [train, test]) {
      expect(out.endsWith('\n')).toBe(true)
      expect(out).not.toMatch(/\r|\ufeff/)
    }
    const written = [...train.split('\n'), ...test.split('\n')].filter(Boolean)
    const report = JSON.parse(String(result.stdout))
    expect(report.test.tasks).toBe(6)
    expect(report.train.tasks + report.test.tasks + report.held_out).toBe(30)
    expect(written).toHaveLength(report.train.tasks + report.test.tasks)
    // Every line written is one input line exactly, in input order within each file.
    const position = new Map(plain.map((line, i) => [line, i]))
    for (const out of [train, test]) {
      const at = out
        .split('\n')
        .filter(Boolean)
        .map((line) => position.get(line))
      expect(at.every((i) => i !== undefined)).toBe(true)
      expect(at).toEqual([...at].sort((a, b) => a! - b!))
    }
  })
})
