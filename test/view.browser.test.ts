/// <reference lib="dom" />
// `webgym view` end to end: the built CLI writes a report of hand-made trajectories with real JPEG screenshots, and
// headless Chromium opens it from disk (file://): no errors, no failed requests, working filters, and the click
// marker drawn where the action's coordinates say.
import {existsSync, mkdirSync, readFileSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {pathToFileURL} from 'node:url'
import type {Result} from 'execa'
import type {Browser, Page} from 'playwright-core'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {assertBuilt, dump, runWebgym} from './helpers/cli.js'
import {solidScreenshot} from './helpers/synthetic-steps.js'
import {workdir} from './helpers/workdir.js'
import {sharedChromium} from './helpers/fixture-browser.js'

const wd = workdir()
const runDir = wd.path('run')
const out = wd.path('report')
const HOSTILE = 'Find the <script>alert("pwned")</script> lamp <img src=x onerror=alert(1)>'

/** A distinct 1280x768 JPEG in the run's shots/ store, named by content as rollout names them; returns the name. */
const screenshot = (n: number) => solidScreenshot(join(runDir, 'shots'), n)

interface StepShape {
  shot: string | null
  action: Record<string, unknown>
  response?: string
  repeated?: boolean
  error?: string
}

function trajectory(shape: {
  id: string
  intent: string
  website: string
  level: string | null
  status: string
  steps: StepShape[]
  reward?: 0 | 1
}) {
  return {
    task: {
      id: shape.id,
      source: 'fx',
      intent: shape.intent,
      website: shape.website,
      start_url: `http://${shape.website}/`,
      reference_answer: '$4.99',
      level: shape.level,
      rubric: {fact_groups: [{id: 'g1', description: 'The lamp', facts: ['lamp in cart', 'price is $4.99']}]},
    },
    run: {
      policy: 'openai',
      model: 'Qwen/Qwen3-VL-8B-Instruct',
      prompt_version: 'qwen3vl-v1',
      viewport: {width: 1280, height: 768},
      horizon: 10,
      seed: 0,
      webgym_version: '0.1.0',
    },
    status: shape.status,
    answer: shape.status === 'answered' ? '$4.99' : null,
    error: null,
    steps: shape.steps.map((step, index) => ({
      index,
      url: `http://${shape.website}/p/${index}`,
      title: `Page ${index}`,
      screenshot: step.shot,
      response: step.response ?? null,
      action: step.action,
      memory: null,
      action_error: step.error ?? null,
      repeated: step.repeated ?? false,
      observe_ms: 15,
      policy_ms: 900,
      act_ms: 40,
    })),
    ...(shape.reward === undefined
      ? {}
      : {
          judgment: {
            reward: shape.reward,
            facts: [
              {group_id: 'g1', fact: 'lamp in cart', pass: true, reason: 'the cart shows the lamp'},
              {
                group_id: 'g1',
                fact: 'price is $4.99',
                pass: shape.reward === 1,
                reason: shape.reward === 1 ? 'price on screen' : 'never reached the price',
              },
            ],
            key_screenshots: [],
            answer_supported: shape.reward === 1,
            reference_match: shape.reward === 1 ? true : null,
            blocked: false,
            judge: 'llm',
            model: 'judge',
            prompt_version: 'judge-v1',
            webgym_version: '0.1.0',
            error: null,
          },
        }),
  }
}

const MISSING = 'deadbeef.jpg'
let shots: string[]
let first: Result
let browser: Browser

beforeAll(async () => {
  assertBuilt()
  shots = await Promise.all([1, 2, 3, 4].map((n) => screenshot(n)))
  const records = [
    trajectory({
      id: 'fx:click',
      intent: HOSTILE,
      website: 'shop.webgym.test',
      level: 'easy',
      status: 'answered',
      reward: 1,
      steps: [
        {
          shot: shots[0],
          action: {name: 'left_click', coordinate: [250, 750]},
          response:
            'Thought: The lamp is in the lower left.\nAction: click the lamp\n<tool_call>\n{"name": "computer_use", "arguments": {"action": "left_click", "coordinate": [250, 750]}}\n</tool_call>\nMemory: lamp costs $4.99',
        },
        {shot: shots[1], action: {name: 'answer', text: '$4.99'}},
      ],
    }),
    trajectory({
      id: 'fx:type',
      intent: 'Search the news for lamps',
      website: 'news.webgym.test',
      level: 'hard',
      status: 'horizon',
      reward: 0,
      steps: [
        {shot: shots[2], action: {name: 'type', text: 'lamps\n', coordinate: [900, 100]}},
        {shot: MISSING, action: {name: 'scroll', direction: 'down'}, repeated: true, error: 'scroll had no effect'},
        // The same screenshot again: copied once.
        {shot: shots[2], action: {name: 'go_back'}},
      ],
    }),
    trajectory({
      id: 'fx:plain',
      intent: 'Add a lamp to the cart',
      website: 'shop.webgym.test',
      level: null,
      status: 'stuck',
      steps: [{shot: shots[3], action: {name: 'wait'}}],
    }),
  ]
  mkdirSync(runDir, {recursive: true})
  writeFileSync(join(runDir, 'judged.ndjson'), records.map((record) => `${JSON.stringify(record)}\n`).join(''))
  first = await runWebgym(['view', join(runDir, 'judged.ndjson'), '--out', out])
  browser = await sharedChromium()
}, 120_000)

afterAll(async () => {
  await browser?.close()
})

interface Visit {
  page: Page
  problems: string[]
  close(): Promise<void>
}

/** Opens a report file in a fresh context, collecting console errors, page errors, dialogs and failed or outside requests. */
async function open(path: string): Promise<Visit> {
  const context = await browser.newContext({viewport: {width: 1280, height: 900}, deviceScaleFactor: 1})
  const page = await context.newPage()
  const problems: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`)
  })
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`))
  page.on('dialog', async (dialog) => {
    problems.push(`dialog: ${dialog.message()}`)
    await dialog.dismiss()
  })
  page.on('requestfailed', (request) => problems.push(`failed: ${request.url()} ${request.failure()?.errorText}`))
  page.on('request', (request) => {
    if (!request.url().startsWith('file:') && !request.url().startsWith('data:'))
      problems.push(`outside request: ${request.url()}`)
  })
  await page.goto(pathToFileURL(join(out, path)).href, {waitUntil: 'load'})
  return {page, problems, close: () => context.close()}
}

/** Scrolls every image into view and waits until each has loaded (they load lazily). */
async function loadAllImages(page: Page): Promise<number> {
  const images = page.locator('img')
  const count = await images.count()
  for (let i = 0; i < count; i++) {
    const image = images.nth(i)
    await image.scrollIntoViewIfNeeded()
    await image.evaluate((element: HTMLImageElement) =>
      element.complete && element.naturalWidth > 0
        ? undefined
        : new Promise((resolve) => element.addEventListener('load', resolve, {once: true})),
    )
  }
  return count
}

describe('webgym view', () => {
  it('writes the index, a page per trajectory and the screenshots, with a summary on stderr and nothing on stdout', () => {
    expect(first.exitCode, dump(first)).toBe(0)
    expect(String(first.stdout)).toBe('')
    const stderr = String(first.stderr)
    expect(stderr).toContain(`screenshot ${MISSING} not found`)
    expect(stderr).toMatch(/view: wrote .*index\.html and 3 trajectory pages, 4 images copied, 1 image missing/)
    for (const file of ['index.html', 't/1.html', 't/2.html', 't/3.html', ...shots.map((shot) => `shots/${shot}`)])
      expect(existsSync(join(out, file)), file).toBe(true)
    expect(readFileSync(join(out, 'shots', shots[0]))).toEqual(readFileSync(join(runDir, 'shots', shots[0])))
    expect(readFileSync(join(out, 't', '1.html'), 'utf8')).not.toContain('<script>alert')
  })

  it('a second report into the same folder keeps the images already there', async () => {
    const again = await runWebgym([
      'view',
      join(runDir, 'judged.ndjson'),
      '--out',
      out,
      '--shots',
      join(runDir, 'shots'),
    ])
    expect(again.exitCode, dump(again)).toBe(0)
    expect(String(again.stderr)).toMatch(/3 trajectory pages, 0 images copied \(4 already there\), 1 image missing/)
  })

  it('refuses a --shots that is not a folder, and a missing --out, as usage errors', async () => {
    const badShots = await runWebgym([
      'view',
      join(runDir, 'judged.ndjson'),
      '--out',
      wd.path('other'),
      '--shots',
      wd.path('nowhere'),
    ])
    expect(badShots.exitCode, dump(badShots)).toBe(2)
    expect(String(badShots.stderr)).toContain('--shots')
    const noOut = await runWebgym(['view', join(runDir, 'judged.ndjson')])
    expect(noOut.exitCode, dump(noOut)).toBe(2)
  })
})

describe('the report in Chromium, from file://', () => {
  it('the index shows the charts and every row, and the select boxes filter the rows', async () => {
    const {page, problems, close} = await open('index.html')
    try {
      expect(await page.locator('svg.chart').count()).toBe(3)
      const visible = () => page.locator('#trajectories tbody tr:visible td:first-child').allTextContents()
      const shown = () => page.locator('#shown').textContent()
      expect(await visible()).toEqual(['1', '2', '3'])
      await expect(page.locator('#trajectories tbody tr').first().locator('a').textContent()).resolves.toBe(HOSTILE)

      await page.selectOption('select[data-filter=status]', 'horizon')
      expect(await visible()).toEqual(['2'])
      expect(await shown()).toBe('1')
      await page.selectOption('select[data-filter=status]', '')
      await page.selectOption('select[data-filter=reward]', '(none)')
      expect(await visible()).toEqual(['3'])
      await page.selectOption('select[data-filter=reward]', '')
      await page.selectOption('select[data-filter=website]', 'shop.webgym.test')
      expect(await visible()).toEqual(['1', '3'])
      await page.selectOption('select[data-filter=level]', 'easy')
      expect(await visible()).toEqual(['1'])
      await page.selectOption('select[data-filter=level]', 'hard')
      expect(await visible()).toEqual([])
      expect(await shown()).toBe('0')
      await page.selectOption('select[data-filter=level]', '')
      await page.selectOption('select[data-filter=website]', '')
      expect(await visible()).toEqual(['1', '2', '3'])

      await page.locator('#trajectories tbody tr').nth(1).locator('a').click()
      await page.waitForURL(/\/t\/2\.html$/)
      await expect(page.locator('h1').textContent()).resolves.toBe('Search the news for lamps')
      expect(problems).toEqual([])
    } finally {
      await close()
    }
  })

  it("draws the click marker where the action's coordinates fall on the screenshot (within 2 px)", async () => {
    const {page, problems, close} = await open('t/1.html')
    try {
      expect(await loadAllImages(page)).toBe(2)
      const image = page.locator('#step-0 .shot img')
      expect(
        await image.evaluate((element: HTMLImageElement) => [element.naturalWidth, element.naturalHeight]),
      ).toEqual([1280, 768])
      const box = (await image.boundingBox())!
      const marker = (await page.locator('#step-0 .marker').boundingBox())!
      expect(Math.abs(marker.x + marker.width / 2 - (box.x + (box.width * 250) / 1000))).toBeLessThanOrEqual(2)
      expect(Math.abs(marker.y + marker.height / 2 - (box.y + (box.height * 750) / 1000))).toBeLessThanOrEqual(2)
      // The answer step has no point to mark.
      expect(await page.locator('#step-1 .marker').count()).toBe(0)
      const text = await page.locator('#step-0').innerText()
      expect(text).toContain('left_click(250, 750)')
      expect(text).toContain('The lamp is in the lower left.')
      expect(text).toContain('lamp costs $4.99')
      expect(text).toMatch(/observe 15 ms · policy 900 ms · act 40 ms/)
      const rubric = await page.locator('ul.rubric').innerText()
      expect(rubric).toContain('the cart shows the lamp')
      expect(rubric).toContain('price on screen')
      await expect(page.locator('h1').textContent()).resolves.toBe(HOSTILE)
      expect(problems).toEqual([])
    } finally {
      await close()
    }
  })

  it('marks a typed point, shows a placeholder for a missing screenshot, and fails no request', async () => {
    const {page, problems, close} = await open('t/2.html')
    try {
      expect(await loadAllImages(page)).toBe(2)
      const box = (await page.locator('#step-0 .shot img').boundingBox())!
      const marker = (await page.locator('#step-0 .marker').boundingBox())!
      expect(Math.abs(marker.x + marker.width / 2 - (box.x + (box.width * 900) / 1000))).toBeLessThanOrEqual(2)
      expect(Math.abs(marker.y + marker.height / 2 - (box.y + (box.height * 100) / 1000))).toBeLessThanOrEqual(2)
      await expect(page.locator('#step-1 .shot').innerText()).resolves.toContain(`Screenshot not found: ${MISSING}`)
      const step1 = await page.locator('#step-1').innerText()
      expect(step1).toContain('scroll had no effect')
      expect(step1).toContain('repeated')
      expect(await page.locator('ul.rubric').innerText()).toContain('never reached the price')
      expect(problems).toEqual([])
    } finally {
      await close()
    }
  })

  it('shows a plain (unjudged) trajectory with its rubric unjudged', async () => {
    const {page, problems, close} = await open('t/3.html')
    try {
      expect(await loadAllImages(page)).toBe(1)
      const body = await page.locator('main').innerText()
      expect(body).toContain('Not judged')
      expect(await page.locator('ul.rubric .badge').allTextContents()).toEqual(['not judged', 'not judged'])
      expect(problems).toEqual([])
    } finally {
      await close()
    }
  })
})
