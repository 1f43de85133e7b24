// `split --report` covers WebGym's whole taxonomy: every domain and subdomain per side, missing ones marked.
import {existsSync} from 'node:fs'
import {readFile} from 'node:fs/promises'
import {join} from 'node:path'
import {beforeAll, describe, expect, it} from 'vitest'
import {TAXONOMY} from '../src/lib/schema/taxonomy.js'
import {pairKey, taxonomyCoverage} from '../src/lib/split/taxonomy-coverage.js'
import {dump, root} from './helpers/cli.js'
import {workdir, type Workdir} from './helpers/workdir.js'

const ALL_SUBDOMAINS = Object.values(TAXONOMY).flat()

/**
 * 43 tasks, one website each: 2 outside the taxonomy, 20 Music, 16 News, 2 Jobs & Career and 3 unclassified. With 10
 * test tasks the largest-remainder quotas give Jobs & Career none, so it is in train and missing from test.
 */
function fixtureTasks(): Record<string, unknown>[] {
  const pairs: [string | null, string | null][] = [
    ...Array.from({length: 2}, () => ['Foo', 'Bar'] as [string, string]),
    ...Array.from({length: 20}, () => ['Entertainment', 'Music'] as [string, string]),
    ...Array.from({length: 16}, () => ['Misc.', 'News'] as [string, string]),
    ...Array.from({length: 2}, () => ['Career & Education', 'Jobs & Career'] as [string, string]),
  ]
  const tasks = pairs.map(([domain, subdomain], i) => ({
    id: `cov:${i}`,
    source: 'cov',
    intent: `Do thing ${i}`,
    website: `site${i}.example`,
    start_url: null,
    domain,
    subdomain,
  }))
  const unclassified = Array.from({length: 3}, (_, i) => ({
    id: `cov:u${i}`,
    source: 'cov',
    intent: `Other ${i}`,
    website: `other${i}.example`,
    start_url: null,
  }))
  return [...tasks, ...unclassified]
}

let wd: Workdir
beforeAll(() => {
  if (!existsSync(join(root, 'dist', 'commands', 'split.js')))
    throw new Error('dist/ is missing: run `npx tsc -p tsconfig.build.json` before these tests')
  wd = workdir()
  wd.write(
    'tasks.ndjson',
    fixtureTasks()
      .map((task) => JSON.stringify(task))
      .join('\n') + '\n',
  )
})

const webgym = (args: string[]) => wd.run(args)

const subdomainsIn = async (file: string) =>
  new Set(
    (await readFile(wd.path(file), 'utf8'))
      .split('\n')
      .filter(Boolean)
      .map((line) => (JSON.parse(line) as {subdomain?: string | null}).subdomain),
  )

describe('split --report: taxonomy coverage', () => {
  it('lists every subdomain per side and marks one absent from test as missing, in the table and the JSON', async () => {
    const table = await webgym([
      'split',
      'tasks.ndjson',
      '--train',
      'train.ndjson',
      '--test',
      'test.ndjson',
      '--test-size',
      '10',
      '--report',
    ])
    expect(table.exitCode, dump(table)).toBe(0)
    const trainSubdomains = await subdomainsIn('train.ndjson')
    const testSubdomains = await subdomainsIn('test.ndjson')
    // The premise: Jobs & Career went to train only.
    expect(trainSubdomains.has('Jobs & Career')).toBe(true)
    expect(testSubdomains.has('Jobs & Career')).toBe(false)

    const stdout = String(table.stdout)
    expect(stdout).toMatch(/^ {4}Jobs & Career\s+2\s+[\d.]+\s+0\s+0\.0\s+missing from test$/m)
    expect(stdout).toMatch(/^ {2}Career & Education\s+2\s+[\d.]+\s+0\s+0\.0\s+missing from test$/m)
    expect(stdout).toMatch(/^ {4}Music\s+\d+\s+[\d.]+\s+\d+\s+[\d.]+$/m)
    expect(stdout).toMatch(/^ {4}Shopping\s+0\s+0\.0\s+0\s+0\.0\s+missing from train and test$/m)
    // Every subdomain of the taxonomy has its row, present or not.
    for (const subdomain of ALL_SUBDOMAINS)
      expect(stdout).toMatch(new RegExp(`^ {4}${subdomain.replace(/[.&]/g, '\\$&')}\\s+\\d+`, 'm'))
    expect(stdout).toMatch(/^ {2}outside the taxonomy$/m)
    expect(stdout).toMatch(/^ {4}Foo \/ Bar\s+\d+/m)
    expect(stdout).toMatch(/^ {2}unclassified\s+\d+/m)
    const covered = (side: Set<unknown>) => ALL_SUBDOMAINS.filter((subdomain) => side.has(subdomain)).length
    expect(stdout).toContain(
      `subdomains covered                       train ${covered(trainSubdomains)} of 24, test ${covered(testSubdomains)} of 24`,
    )

    const json = await webgym([
      'split',
      'tasks.ndjson',
      '--train',
      'j-train.ndjson',
      '--test',
      'j-test.ndjson',
      '--test-size',
      '10',
      '--json',
    ])
    expect(json.exitCode, dump(json)).toBe(0)
    const report = JSON.parse(String(json.stdout))
    for (const side of ['train', 'test'] as const) {
      const written = await subdomainsIn(`j-${side}.ndjson`)
      const coverage = report.coverage[side]
      expect(coverage.subdomains.map((pair: {subdomain: string}) => pair.subdomain)).toEqual(ALL_SUBDOMAINS)
      expect(coverage.domains.map((entry: {domain: string}) => entry.domain)).toEqual(Object.keys(TAXONOMY))
      expect(coverage.missing_subdomains).toEqual(ALL_SUBDOMAINS.filter((subdomain) => !written.has(subdomain)))
    }
    expect(report.coverage.test.missing_subdomains).toContain('Jobs & Career')
    expect(report.coverage.train.missing_subdomains).not.toContain('Jobs & Career')
    expect(report.coverage.test.missing_domains).toContain('Career & Education')
    expect(report.coverage.train.subdomains).toContainEqual({
      domain: 'Career & Education',
      subdomain: 'Jobs & Career',
      tasks: 2,
    })
    expect(report.coverage.test.subdomains).toContainEqual({
      domain: 'Career & Education',
      subdomain: 'Jobs & Career',
      tasks: 0,
    })
    const outside = [...report.coverage.train.outside_taxonomy, ...report.coverage.test.outside_taxonomy]
    expect(outside.reduce((sum: number, pair: {tasks: number}) => sum + pair.tasks, 0)).toBe(2)
    expect(
      outside.every((pair: {domain: string; subdomain: string}) => pair.domain === 'Foo' && pair.subdomain === 'Bar'),
    ).toBe(true)
  })

  it('counts a subdomain under the wrong domain, or a domain alone, as outside the taxonomy', () => {
    const pairs = new Map([
      [pairKey('Entertainment', 'Music'), 3],
      [pairKey('Misc.', 'Music'), 2],
      [pairKey('Entertainment', null), 1],
      [pairKey(null, null), 4],
    ])
    const coverage = taxonomyCoverage(pairs)
    expect(coverage.subdomains.find((pair) => pair.subdomain === 'Music')?.tasks).toBe(3)
    expect(coverage.domains.find((entry) => entry.domain === 'Entertainment')?.tasks).toBe(3)
    expect(coverage.outside_taxonomy).toEqual([
      {domain: 'Misc.', subdomain: 'Music', tasks: 2},
      {domain: 'Entertainment', subdomain: null, tasks: 1},
    ])
    expect(coverage.unclassified).toBe(4)
    expect(coverage.missing_subdomains).toHaveLength(23)
    expect(coverage.missing_domains).toEqual(Object.keys(TAXONOMY).filter((domain) => domain !== 'Entertainment'))
  })
})
