/// <reference lib="dom" />
// The report at 100,000 trajectories: the built CLI writes it from synthetic judged trajectories (one step, no
// screenshot), no file the index loads is over 256 KB, and headless Chromium opens the index from file://, shows the
// first rows, loads every row, pages to the end, and filters, searches and sorts over all 100,000. Build time and
// sizes are measured by bench/view.js, not here.
import {createWriteStream, readdirSync, statSync} from 'node:fs'
import {once} from 'node:events'
import {join} from 'node:path'
import {pathToFileURL} from 'node:url'
import type {Browser, Page} from 'playwright-core'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {assertBuilt, dump} from './helpers/cli.js'
import {workdir} from './helpers/workdir.js'
import {sharedChromium} from './helpers/fixture-browser.js'

const wd = workdir()
const COUNT = 100_000
const WEBSITES = 40_000
const STATUSES = ['answered', 'horizon', 'stuck', 'error', 'blocked'] as const
const LEVELS = ['easy', 'medium', 'hard'] as const

// Trajectory i (1-based n = i + 1): its status, reward, website and steps, so the test knows every answer.
const status = (i: number) => STATUSES[i % STATUSES.length]!
const reward = (i: number) => (i % 7 < 3 ? 1 : 0)
const website = (i: number) => `site${(i * 7919) % WEBSITES}.example`
const steps = (i: number) => (i % 13 === 0 ? 0 : 1)

async function writeTrajectories(path: string): Promise<void> {
  const out = createWriteStream(path)
  for (let i = 0; i < COUNT; i++) {
    const record = {
      task: {
        id: `syn:${i}`,
        source: 'syn',
        intent: `Open the page of item ${i}`,
        website: website(i),
        start_url: null,
        level: LEVELS[i % 3],
      },
      run: {
        policy: 'oracle',
        model: null,
        prompt_version: null,
        viewport: {width: 1280, height: 768},
        horizon: 10,
        seed: 0,
        webgym_version: '0.1.0',
      },
      status: status(i),
      answer: null,
      error: null,
      steps: Array.from({length: steps(i)}, (_, index) => ({
        index,
        url: 'https://x.example/',
        screenshot: null,
        response: null,
        action: {name: 'wait'},
        observe_ms: 1,
        policy_ms: 1,
        act_ms: 1,
      })),
      judgment: {
        reward: reward(i),
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
    }
    if (!out.write(`${JSON.stringify(record)}\n`)) await once(out, 'drain')
  }
  out.end()
  await once(out, 'finish')
}

const indices = Array.from({length: COUNT}, (_, i) => i)
let browser: Browser

beforeAll(async () => {
  assertBuilt()
  await writeTrajectories(wd.path('traj.ndjson'))
  const made = await wd.run(['view', 'traj.ndjson', '--out', 'report'], {timeout: 120_000})
  expect(made.exitCode, dump(made)).toBe(0)
  expect(made.stderr).toMatch(/wrote .*index\.html and 100000 trajectory pages/)
  browser = await sharedChromium()
}, 150_000)

afterAll(async () => {
  await browser?.close()
})

describe('a report of 100,000 trajectories', () => {
  it('keeps every file the index loads small: index.html and row chunks of at most 256 KB', () => {
    const data = readdirSync(wd.path('report', 'data'))
    expect(data.length).toBeGreaterThan(COUNT / 2000 - 1)
    for (const name of ['index.html', ...data.map((file) => join('data', file))])
      expect(statSync(wd.path('report', name)).size, name).toBeLessThanOrEqual(256 * 1024)
    expect(statSync(wd.path('report', 'index.html')).size).toBeLessThan(64 * 1024)
    expect(readdirSync(wd.path('report', 't')).length).toBe(COUNT)
  })

  it('opens in Chromium, pages to the end, and filters, searches and sorts over every row', async () => {
    const context = await browser.newContext({viewport: {width: 1280, height: 900}})
    const page: Page = await context.newPage()
    const problems: string[] = []
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`))
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`console: ${message.text()}`)
    })
    page.on('requestfailed', (request) => problems.push(`failed: ${request.url()}`))
    try {
      await page.goto(pathToFileURL(wd.path('report', 'index.html')).href, {waitUntil: 'domcontentloaded'})
      const numbers = () => page.locator('#trajectories tbody tr td:first-child').allTextContents()
      // The first page shows from the first chunk, whether or not the rest has arrived.
      await page.locator('#trajectories tbody tr').first().waitFor()
      expect((await numbers()).slice(0, 3)).toEqual(['1', '2', '3'])
      await page.locator('#trajectories[data-complete=true]').waitFor({timeout: 45_000})
      expect(await page.locator('#trajectories').getAttribute('data-loaded')).toBe(String(COUNT))
      expect(await page.locator('#shown').textContent()).toBe(String(COUNT))

      await page.click('button[data-page=next]')
      expect((await numbers())[0]).toBe('101')
      await page.click('button[data-page=last]')
      expect(await page.locator('#page-info').textContent()).toBe('rows 99901–100000, page 1000 of 1000')
      expect((await numbers()).at(-1)).toBe(String(COUNT))

      // Status "error": every fifth trajectory; the reward select counts under it.
      await page.selectOption('select[data-filter=status]', 'error')
      const errors = indices.filter((i) => status(i) === 'error')
      expect(await page.locator('#shown').textContent()).toBe(String(errors.length))
      expect((await numbers()).slice(0, 2)).toEqual([String(errors[0]! + 1), String(errors[1]! + 1)])
      expect(await page.locator('#page-info').textContent()).toBe(
        `rows 1–100, page 1 of ${Math.ceil(errors.length / 100)}`,
      )
      expect(await page.locator('select[data-filter=reward] option[value="1"]').textContent()).toBe(
        `1 (success) (${errors.filter((i) => reward(i) === 1).length})`,
      )

      // 40,000 websites: a search box, not a select; "site123." matches one website.
      await page.fill('input[data-search=website]', 'site123.')
      const site = indices.filter((i) => status(i) === 'error' && website(i) === 'site123.example')
      expect(await page.locator('#shown').textContent()).toBe(String(site.length))
      expect(await numbers()).toEqual(site.map((i) => String(i + 1)))
      await page.fill('input[data-search=website]', '')

      // Sorted by steps, most first: the error trajectories with a step, then those without.
      await page.click('th[data-sort=steps] button')
      await page.click('th[data-sort=steps] button')
      await page.click('button[data-page=last]')
      const lastSteps = await page.locator('#trajectories tbody tr td:nth-child(7)').allTextContents()
      expect(lastSteps.at(-1)).toBe('0')
      expect((await numbers()).at(-1)).toBe(String(errors.filter((i) => steps(i) === 0).at(-1)! + 1))
      expect(problems).toEqual([])
    } finally {
      await context.close()
    }
  })
})
