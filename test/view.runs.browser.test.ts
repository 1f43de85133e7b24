/// <reference lib="dom" />
// `webgym view` of two runs with a test side, in headless Chromium from file://: the table sorts by a column, pages,
// filters by run and split side (counting each facet under the others), colours rows by run, and the comparison page
// puts flipped tasks first with the paired numbers `webgym eval` prints; with three runs the index's picker opens the
// page of any pair. Then labelling mode: a person marks trajectories on the index and facts on trajectory pages,
// exports labels.ndjson, and `webgym judge eval --labels` scores the judge against it, per trajectory and per fact.
import {existsSync, readdirSync, readFileSync, statSync} from 'node:fs'
import {join} from 'node:path'
import {pathToFileURL} from 'node:url'
import type {Browser, Page} from 'playwright-core'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {assertBuilt, dump} from './helpers/cli.js'
import {workdir} from './helpers/workdir.js'
import {sharedChromium} from './helpers/fixture-browser.js'

const wd = workdir()
const TASKS = 60
const LEVELS = ['easy', 'medium', 'hard'] as const

type Run = 'base' | 'ckpt' | 'late'
/** Task i's reward in each run: base solves the even tasks, ckpt the multiples of 3, late those of 3 or 5 (some flip each way). */
const reward = (run: Run, i: number): 0 | 1 =>
  run === 'base' ? (i % 2 === 0 ? 1 : 0) : run === 'ckpt' ? (i % 3 === 0 ? 1 : 0) : i % 3 === 0 || i % 5 === 0 ? 1 : 0
const onTest = (i: number) => i % 4 === 0

function task(i: number) {
  return {
    id: `fx:${String(i).padStart(2, '0')}`,
    source: 'fx',
    intent: `Find lamp number ${i}`,
    website: `site${i % 3}.webgym.test`,
    start_url: null,
    level: LEVELS[i % 3],
    rubric: {fact_groups: [{id: 'g1', description: 'The lamp', facts: ['lamp in cart', 'price shown']}]},
  }
}

/** base's judge verdicts on the rubric's facts: the lamp is in the cart when the task was solved; the price always shows. */
const baseFacts = (i: number) => [
  {group_id: 'g1', fact: 'lamp in cart', pass: reward('base', i) === 1, reason: 'cart seen'},
  {group_id: 'g1', fact: 'price shown', pass: true, reason: 'price seen'},
]

function trajectory(run: Run, i: number) {
  const day = run === 'base' ? '01' : run === 'ckpt' ? '02' : '03'
  return {
    task: task(i),
    run: {
      policy: 'oracle',
      model: null,
      prompt_version: null,
      viewport: {width: 1280, height: 768},
      horizon: 10,
      seed: 0,
      webgym_version: '0.1.0',
      started_at: `2025-01-${day}T00:${String(i).padStart(2, '0')}:00Z`,
    },
    status: reward(run, i) === 1 ? 'answered' : 'horizon',
    answer: null,
    error: null,
    steps: Array.from({length: (i * 7) % 11}, (_, index) => ({
      index,
      url: 'http://site.webgym.test/',
      screenshot: null,
      response: null,
      action: {name: 'wait'},
      observe_ms: 1,
      policy_ms: 1,
      act_ms: 1,
    })),
    judgment: {
      reward: reward(run, i),
      facts: run === 'base' ? baseFacts(i) : [],
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
  }
}

const ndjson = (records: unknown[]) => records.map((record) => `${JSON.stringify(record)}\n`).join('')
let browser: Browser

beforeAll(async () => {
  assertBuilt()
  const indices = Array.from({length: TASKS}, (_, i) => i)
  wd.write('base.ndjson', ndjson(indices.map((i) => trajectory('base', i))))
  wd.write('ckpt.ndjson', ndjson(indices.map((i) => trajectory('ckpt', i))))
  wd.write('test.ndjson', ndjson(indices.filter(onTest).map(task)))
  const made = await wd.run([
    'view',
    'base.ndjson',
    'ckpt.ndjson',
    '--test',
    'test.ndjson',
    '--label',
    '--out',
    'report',
  ])
  expect(made.exitCode, dump(made)).toBe(0)
  expect(made.stdout).toBe('')
  expect(made.stderr).toMatch(/wrote .*index\.html and 120 trajectory pages, .*1 comparison page/)
  browser = await sharedChromium()
}, 120_000)

afterAll(async () => {
  await browser?.close()
})

/** Opens a report file in a fresh context (its own localStorage); every page error and failed request is a problem. */
async function open(
  path: string,
  page?: Page,
  report = 'report',
): Promise<{page: Page; problems: string[]; close(): Promise<void>}> {
  const context = page
    ? page.context()
    : await browser.newContext({viewport: {width: 1280, height: 900}, acceptDownloads: true})
  const tab = page ?? (await context.newPage())
  const problems: string[] = []
  tab.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`)
  })
  tab.on('pageerror', (error) => problems.push(`page error: ${error.message}`))
  tab.on('requestfailed', (request) => problems.push(`failed: ${request.url()} ${request.failure()?.errorText}`))
  await tab.goto(pathToFileURL(wd.path(report, path)).href)
  await tab.locator('table[data-report-table][data-complete=true]').or(tab.locator('#labelling')).first().waitFor()
  return {page: tab, problems, close: () => context.close()}
}

const firstCells = (page: Page) => page.locator('table[data-report-table] tbody tr td:first-child').allTextContents()
const column = (page: Page, n: number) =>
  page.locator(`table[data-report-table] tbody tr td:nth-child(${n})`).allTextContents()

describe('runs and the test side on the command line', () => {
  it('refuses more names than files and two runs of one name (usage, exit 2), and a --test file that is not tasks (its line and field, exit 1)', async () => {
    const names = await wd.run(['view', 'base.ndjson', '--name', 'a', '--name', 'b', '--out', 'bad'])
    expect(names.exitCode, dump(names)).toBe(2)
    expect(names.stderr).toBe('webgym: 2 --name for 1 runs (give at most one --name per file, in order)')
    const twice = await wd.run(['view', 'base.ndjson', 'base.ndjson', '--out', 'bad'])
    expect(twice.exitCode, dump(twice)).toBe(2)
    expect(twice.stderr).toContain('two runs are named "base" (tell them apart with --name)')
    const notTasks = await wd.run(['view', 'base.ndjson', '--test', 'base.ndjson', '--out', 'bad'])
    expect(notTasks.exitCode, dump(notTasks)).toBe(1)
    expect(notTasks.stderr).toMatch(/^webgym: base\.ndjson:1: field "id": missing/)
    expect(existsSync(wd.path('bad'))).toBe(false)
  })

  it('the same inputs and seed give the same report, byte for byte', async () => {
    const again = await wd.run([
      'view',
      'base.ndjson',
      'ckpt.ndjson',
      '--test',
      'test.ndjson',
      '--label',
      '--out',
      'again',
    ])
    expect(again.exitCode, dump(again)).toBe(0)
    const listing = (dir: string) => readdirSync(wd.path(dir), {recursive: true, encoding: 'utf8'}).sort()
    expect(listing('again')).toEqual(listing('report'))
    for (const file of listing('report')) {
      if (statSync(wd.path('report', file)).isFile())
        expect(readFileSync(wd.path('again', file)).equals(readFileSync(wd.path('report', file))), file).toBe(true)
    }
  })

  it('with three runs writes a comparison page for every pair, linked from the index', async () => {
    const three = await wd.run([
      'view',
      'base.ndjson',
      'ckpt.ndjson',
      'base.ndjson',
      '--name',
      'base',
      '--name',
      'ckpt',
      '--name',
      'again',
      '--out',
      'three',
    ])
    expect(three.exitCode, dump(three)).toBe(0)
    expect(three.stderr).toMatch(/180 trajectory pages, .*3 comparison pages/)
    const index = wd.read('three', 'index.html')
    expect(index).toContain('<a href="compare-1-2.html">ckpt vs base</a>')
    expect(index).toContain('<a href="compare-1-3.html">again vs base</a>')
    expect(index).toContain('<a href="compare-2-3.html">again vs ckpt</a>')
    // The same file again: nothing flips, and every task is in both.
    const again = wd.read('three', 'compare-1-3.html')
    expect(again).toContain('<dd data-field="flipped">0 to success, 0 to failure</dd>')
    expect(again).toContain(`<dd data-field="n">${TASKS}</dd>`)
    expect(again).toContain('<dd data-field="difference">+0.0 pts [0.0, 0.0]</dd>')
  })
})

describe('two runs and a test side, in Chromium', () => {
  it('pages through 120 rows, sorts by a column both ways, and keeps the view in the address', async () => {
    const {page, problems, close} = await open('index.html')
    try {
      expect(await page.locator('#shown').textContent()).toBe('120')
      expect((await firstCells(page)).slice(0, 3)).toEqual(['1', '2', '3'])
      expect(await page.locator('table[data-report-table] tbody tr').count()).toBe(100)
      await page.click('button[data-page=next]')
      expect(await firstCells(page)).toEqual(Array.from({length: 20}, (_, k) => String(101 + k)))
      expect(await page.locator('#page-info').textContent()).toBe('rows 101–120, page 2 of 2')
      await page.click('button[data-page=first]')

      // Steps (column 10: #, run, task, website, level, split, status, reward, steps) descending: 10 first, ties in input order.
      await page.click('th[data-sort=steps] button')
      await page.click('th[data-sort=steps] button')
      expect(await page.locator('th[data-sort=steps]').getAttribute('aria-sort')).toBe('descending')
      const steps = (await column(page, 9)).map(Number)
      expect(steps).toEqual([...steps].sort((a, b) => b - a))
      expect(steps[0]).toBe(10)
      expect(page.url()).toContain('sort=steps&dir=desc')
      // Level sorts easy, medium, hard rather than alphabetically.
      await page.click('th[data-sort=level] button')
      const levels = await column(page, 5)
      expect(levels.indexOf('medium')).toBeLessThan(levels.indexOf('hard'))
      expect(levels.lastIndexOf('easy')).toBeLessThan(levels.indexOf('medium'))

      // Each run's rows carry its colour on their first cell, and the run filter keeps one run.
      await page.click('th[data-sort=n] button')
      const stripe = (n: number) =>
        page
          .locator('table[data-report-table] tbody tr')
          .nth(n)
          .locator('td')
          .first()
          .evaluate((cell) => getComputedStyle(cell).boxShadow)
      expect(await stripe(0)).toContain('rgb(47, 111, 222)')
      await page.selectOption('select[data-filter=run]', 'ckpt')
      expect(await page.locator('#shown').textContent()).toBe('60')
      expect(await stripe(0)).toContain('rgb(230, 159, 0)')
      expect(new Set(await column(page, 2))).toEqual(new Set(['ckpt']))
      // The split filter on top: ckpt's test tasks; the other facets count under both filters.
      await page.selectOption('select[data-filter=split]', 'test')
      expect(await page.locator('#shown').textContent()).toBe(
        String(Array.from({length: TASKS}, (_, i) => i).filter(onTest).length),
      )
      const ckptTestSolved = Array.from({length: TASKS}, (_, i) => i).filter(
        (i) => onTest(i) && reward('ckpt', i) === 1,
      ).length
      expect(await page.locator('select[data-filter=reward] option[value="1"]').textContent()).toBe(
        `1 (success) (${ckptTestSolved})`,
      )
      expect(await page.locator('select[data-filter=run] option[value=base]').textContent()).toBe('base (15)')
      expect(new Set(await column(page, 6))).toEqual(new Set(['test']))

      // The view survives a reload through the address's fragment.
      await page.reload()
      await page.locator('table[data-complete=true]').waitFor()
      expect(await page.locator('#shown').textContent()).toBe('15')
      expect(await page.locator('select[data-filter=split]').inputValue()).toBe('test')
      expect(problems).toEqual([])
    } finally {
      await close()
    }
  })

  it('the comparison page puts flipped tasks first, links each outcome to its page, and gives the numbers webgym eval gives', async () => {
    const evaluated = await wd.run([
      'eval',
      'base.ndjson',
      'ckpt.ndjson',
      '--test',
      'test.ndjson',
      '--bootstrap',
      '1000',
      '--seed',
      '0',
      '--format',
      'json',
    ])
    expect(evaluated.exitCode, dump(evaluated)).toBe(0)
    const {paired} = JSON.parse(evaluated.stdout)
    const {page, problems, close} = await open('compare-1-2.html')
    try {
      const field = (name: string) => page.locator(`#paired [data-field=${name}]`).textContent()
      expect(await field('n')).toBe(String(paired.n))
      const points = (value: number) =>
        `${value >= 0 ? '+' : ''}${(100 * value).toFixed(1)} pts [${(100 * paired.ci95[0]).toFixed(1)}, ${(100 * paired.ci95[1]).toFixed(1)}]`
      expect(await field('difference')).toBe(points(paired.difference))
      expect(await field('mcnemar')).toBe(paired.mcnemar_p.toFixed(4))
      const toSuccess = paired.flipped.filter((flip: {second: number}) => flip.second === 1).length
      expect(await field('flipped')).toBe(`${toSuccess} to success, ${paired.flipped.length - toSuccess} to failure`)

      // Columns: task, task id, level, split, A, B, change. Flipped rows first, to success then to failure.
      const changes = await column(page, 7)
      expect(changes.slice(0, paired.flipped.length).every((change) => change.startsWith('to '))).toBe(true)
      expect(changes.slice(paired.flipped.length).some((change) => change.startsWith('to '))).toBe(false)
      const flippedIds = paired.flipped.map((flip: {task_id: string}) => flip.task_id).sort()
      expect((await column(page, 2)).slice(0, paired.flipped.length).sort()).toEqual(flippedIds)
      await page.selectOption('select[data-filter=change]', 'to failure')
      expect(await page.locator('#shown').textContent()).toBe(String(paired.flipped.length - toSuccess))
      // Task fx:02: base solved it, ckpt did not; each outcome links to that run's trajectory page.
      const row = page.locator('table[data-report-table] tbody tr', {hasText: 'fx:02'})
      expect(await row.locator('td:nth-child(5)').textContent()).toBe('1')
      expect(await row.locator('td:nth-child(5) a').getAttribute('href')).toBe('t/3.html')
      expect(await row.locator('td:nth-child(6) a').getAttribute('href')).toBe('t/63.html')
      await row.locator('td:nth-child(6) a').click()
      await page.waitForURL(/\/t\/63\.html$/)
      expect(await page.locator('main').innerText()).toContain('run ckpt')
      expect(problems).toEqual([])
    } finally {
      await close()
    }
  })
})

describe('three runs, in Chromium', () => {
  it('the picker on the index opens the page of any two runs, whose numbers are those webgym eval gives for the two files', async () => {
    wd.write('late.ndjson', ndjson(Array.from({length: TASKS}, (_, i) => trajectory('late', i))))
    const made = await wd.run(['view', 'base.ndjson', 'ckpt.ndjson', 'late.ndjson', '--out', 'picked'])
    expect(made.exitCode, dump(made)).toBe(0)
    const evaluated = await wd.run([
      'eval',
      'ckpt.ndjson',
      'late.ndjson',
      '--bootstrap',
      '1000',
      '--seed',
      '0',
      '--format',
      'json',
    ])
    expect(evaluated.exitCode, dump(evaluated)).toBe(0)
    const {paired} = JSON.parse(evaluated.stdout)
    expect(paired.flipped.length).toBeGreaterThan(0)
    const {page, problems, close} = await open('index.html', undefined, 'picked')
    try {
      // The same run twice is refused; a later run as A opens the pair's page, which puts the earlier run as A.
      await page.selectOption('#compare-a', {label: 'ckpt'})
      await page.selectOption('#compare-b', {label: 'ckpt'})
      expect(await page.locator('#compare-open').isDisabled()).toBe(true)
      expect(await page.locator('#compare-note').textContent()).toBe('pick two different runs')
      await page.selectOption('#compare-b', {label: 'late'})
      await page.click('#compare-open')
      await page.waitForURL(/\/compare-2-3\.html$/)
      await page.locator('table[data-report-table][data-complete=true]').waitFor()
      expect(await page.locator('h1').textContent()).toBe('late vs ckpt')
      const field = (name: string) => page.locator(`#paired [data-field=${name}]`).textContent()
      expect(await field('n')).toBe(String(paired.n))
      const points = `${paired.difference >= 0 ? '+' : ''}${(100 * paired.difference).toFixed(1)} pts [${(100 * paired.ci95[0]).toFixed(1)}, ${(100 * paired.ci95[1]).toFixed(1)}]`
      expect(await field('difference')).toBe(points)
      expect(await field('mcnemar')).toBe(paired.mcnemar_p.toFixed(4))
      const toSuccess = paired.flipped.filter((flip: {second: number}) => flip.second === 1).length
      expect(await field('flipped')).toBe(`${toSuccess} to success, ${paired.flipped.length - toSuccess} to failure`)
      // Flipped tasks first.
      const changes = await column(page, 6)
      expect(changes.slice(0, paired.flipped.length).every((change) => change.startsWith('to '))).toBe(true)
      expect((await column(page, 2)).slice(0, paired.flipped.length).sort()).toEqual(
        paired.flipped.map((flip: {task_id: string}) => flip.task_id).sort(),
      )
      expect(problems).toEqual([])
    } finally {
      await close()
    }
  })
})

describe('labelling mode', () => {
  it('marks trajectories and facts in the browser, exports labels.ndjson, and judge eval scores the judge against it', async () => {
    const {page, problems, close} = await open('index.html')
    try {
      // Rows 1-6 are base's tasks 0-5, judged 1, 0, 1, 0, 1, 0. The person agrees on 1-4 and disagrees on 5 and 6.
      const mark = (n: number, value: '1' | '0') =>
        page.locator(`tbody tr[data-n="${n}"] button[data-mark="${value}"]`).click()
      await mark(1, '1')
      await mark(2, '0')
      await mark(3, '1')
      await mark(4, '0')
      await mark(5, '0')
      expect(await page.locator(`tbody tr[data-n="1"] button[data-mark="1"]`).getAttribute('aria-pressed')).toBe('true')
      // Pressing the pressed mark clears it.
      await mark(5, '0')
      expect(await page.locator(`tbody tr[data-n="5"] button[data-mark="0"]`).getAttribute('aria-pressed')).toBe(
        'false',
      )
      await mark(5, '0')
      expect(await page.locator('#label-status').textContent()).toBe('5 trajectories labelled (2 success, 3 failure)')

      // Trajectory 6 on its own page: a success, with one fact holding and one not.
      await page.goto(pathToFileURL(wd.path('report', 't', '6.html')).href)
      await page.locator('#label-trajectory button[data-mark="1"]').click()
      await page.locator('li[data-fact="lamp in cart"] button[data-mark="1"]').click()
      await page.locator('li[data-fact="price shown"] button[data-mark="0"]').click()
      expect(await page.locator('#label-count').textContent()).toContain('6 trajectories of this report labelled')
      // Trajectory 1: one fact of two marked, so the judge's verdict on the other has no label.
      await page.goto(pathToFileURL(wd.path('report', 't', '1.html')).href)
      expect(await page.locator('#label-trajectory button[data-mark="1"]').getAttribute('aria-pressed')).toBe('true')
      await page.locator('li[data-fact="lamp in cart"] button[data-mark="1"]').click()
      await page.goto(pathToFileURL(wd.path('report', 'index.html')).href)
      await page.locator('table[data-complete=true]').waitFor()
      expect(await page.locator('tbody tr[data-n="6"] button[data-mark="1"]').getAttribute('aria-pressed')).toBe('true')
      await page.selectOption('select[data-filter=label]', 'unlabelled')
      expect(await page.locator('#shown').textContent()).toBe('114')

      const [download] = await Promise.all([page.waitForEvent('download'), page.click('#label-export')])
      expect(download.suggestedFilename()).toBe('labels.ndjson')
      const labelsFile = wd.path('labels.ndjson')
      await download.saveAs(labelsFile)
      await page.click('#label-show')
      const shown = await page.locator('#label-text').inputValue()
      const lines = shown
        .trimEnd()
        .split('\n')
        .map((line) => JSON.parse(line))
      expect(lines).toEqual([
        {key: 'fx:00@2025-01-01T00:00:00Z', label: 1, facts: [{group_id: 'g1', fact: 'lamp in cart', label: 1}]},
        {key: 'fx:01@2025-01-01T00:01:00Z', label: 0},
        {key: 'fx:02@2025-01-01T00:02:00Z', label: 1},
        {key: 'fx:03@2025-01-01T00:03:00Z', label: 0},
        {key: 'fx:04@2025-01-01T00:04:00Z', label: 0},
        {
          key: 'fx:05@2025-01-01T00:05:00Z',
          label: 1,
          facts: [
            {group_id: 'g1', fact: 'lamp in cart', label: 1},
            {group_id: 'g1', fact: 'price shown', label: 0},
          ],
        },
      ])
      expect(problems).toEqual([])

      // The judge said 1 0 1 0 1 0; the person 1 0 1 0 0 1: tp 2, fp 1, fn 1, tn 2.
      const scored = await wd.run(['judge', 'eval', 'base.ndjson', '--labels', labelsFile, '--json'])
      expect(scored.exitCode, dump(scored)).toBe(0)
      const report = JSON.parse(scored.stdout)
      expect(report.overall.n).toBe(6)
      expect(report.overall.confusion).toEqual({tp: 2, fp: 1, fn: 1, tn: 2})
      expect(report.overall.accuracy).toBeCloseTo(4 / 6, 10)
      expect(report.overall.precision).toBeCloseTo(2 / 3, 10)
      expect(report.overall.kappa).toBeCloseTo(1 / 3, 10)
      expect(report.unmatched).toMatchObject({predictions: TASKS - 6, labels: 0})
      // Per fact, the marks made above against base's verdicts: fx:00 lamp 1 vs 1 (tp); fx:05 lamp 1 vs 0 (fn), price 0
      // vs 1 (fp); fx:00's price was judged but not marked.
      expect(report.facts.trajectories).toBe(2)
      expect(report.facts.overall).toMatchObject({n: 3, confusion: {tp: 1, fp: 1, fn: 1, tn: 0}, judge_errors: 0})
      expect(report.facts.overall.accuracy).toBeCloseTo(1 / 3, 10)
      expect(report.facts.overall.kappa).toBeCloseTo(-0.5, 10)
      expect(report.facts.unmatched).toEqual({labelled_not_judged: 0, judged_not_labelled: 1})
      expect(scored.stderr).toContain(
        '1 judged fact has no label (first: base.ndjson:1, key "fx:00@2025-01-01T00:00:00Z", group g1 fact "price shown")',
      )
      const table = await wd.run(['judge', 'eval', 'base.ndjson', '--labels', labelsFile])
      expect(table.stdout).toMatch(/^overall\s+6\s+0\.667\s+0\.667\s+0\.667\s+0\.667\s+0\.333\s+2\s+1\s+1\s+2\s+0$/m)
      expect(table.stdout).toMatch(/^facts\s+3\s+0\.333\s+0\.500\s+0\.500\s+0\.500\s+-0\.500\s+1\s+1\s+1\s+0\s+0$/m)
    } finally {
      await close()
    }
  })
})
