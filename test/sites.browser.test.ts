/// <reference lib="dom" />
import {mkdir} from 'node:fs/promises'
import {join} from 'node:path'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {FAMILIES} from '../src/lib/sites/families/index.js'
import {VIEWPORT} from '../src/lib/sites/verify-tasks.js'
import {root} from './helpers/cli.js'
import {sharedFixtureBrowser, type FixtureBrowser} from './helpers/fixture-browser.js'

// Screenshots of one page per family are kept here as test artefacts (not committed).
const SHOTS = join(root, 'test-artifacts', 'sites')

let fixture: FixtureBrowser
beforeAll(async () => {
  fixture = await sharedFixtureBrowser()
  await mkdir(SHOTS, {recursive: true})
})
afterAll(async () => fixture?.close())

interface Visit {
  status: number | undefined
  title: string
  textLength: number
  brokenImages: number
  pageErrors: string[]
  outsideRequests: string[]
}

async function visit(url: string, screenshot?: string): Promise<Visit> {
  const context = await fixture.browser.newContext({viewport: VIEWPORT, deviceScaleFactor: 1})
  const page = await context.newPage()
  const pageErrors: string[] = []
  const outsideRequests: string[] = []
  page.on('pageerror', (error) => pageErrors.push(error.message))
  page.on('request', (request) => {
    const {protocol, hostname} = new URL(request.url())
    if (protocol !== 'data:' && !hostname.endsWith('.webgym.test')) outsideRequests.push(request.url())
  })
  try {
    const response = await page.goto(url, {waitUntil: 'load'})
    const facts = await page.evaluate(() => ({
      title: document.title,
      textLength: document.body.innerText.length,
      brokenImages: [...document.images].filter((image) => image.complete && image.naturalWidth === 0).length,
    }))
    if (screenshot) await page.screenshot({path: screenshot, type: 'jpeg', quality: 80})
    return {status: response?.status(), ...facts, pageErrors, outsideRequests}
  } finally {
    await context.close()
  }
}

describe('the fixture web in Chromium', () => {
  it.each(FAMILIES.map((family) => family.id))(
    'renders a %s site like a real one (screenshot kept)',
    async (familyId) => {
      const site = fixture.server.catalog.sites.find((s) => s.family === familyId)!
      const result = await visit(`http://${site.host}/`, join(SHOTS, `${familyId}.jpg`))
      expect(result.status).toBe(200)
      expect(result.title).toContain(site.name)
      expect(result.textLength).toBeGreaterThan(300)
      expect(result.brokenImages).toBe(0)
      expect(result.pageErrors).toEqual([])
      expect(result.outsideRequests).toEqual([])
    },
  )

  it('renders every task start page of every site without a script error or an outside request', async () => {
    const starts = new Set<string>()
    for (const task of fixture.server.catalog.taskRecords()) starts.add(task.start_url!)
    const problems: string[] = []
    const urls = [...starts]
    let next = 0
    await Promise.all(
      Array.from({length: 3}, async () => {
        while (next < urls.length) {
          const url = urls[next++]!
          const result = await visit(url)
          if (
            result.status !== 200 ||
            result.pageErrors.length > 0 ||
            result.outsideRequests.length > 0 ||
            result.brokenImages > 0
          )
            problems.push(
              `${url}: status ${result.status}, errors ${result.pageErrors.join('; ')}, outside ${result.outsideRequests.join(' ')}, broken images ${result.brokenImages}`,
            )
        }
      }),
    )
    expect(problems).toEqual([])
    expect(urls.length).toBeGreaterThanOrEqual(200)
  }, 600_000)
})
