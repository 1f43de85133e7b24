// A scroll only scrolls. Chromium takes a horizontal wheel at the edge of a page as a swipe through history, which
// goes back (or forward) once the next input event arrives: a scroll left would leave the page one step late. The
// browser webgym starts turns that off (DISABLED_FEATURES); these tests scroll every way on a page with history behind
// and ahead of it, on one site of every fixture family and on every saved real page, and find the URL unchanged. A
// Chromium started with Playwright's flags alone leaves the page on the same scrolls, so the check can fail; the
// headless shell a user may choose (WEBGYM_CHROMIUM) keeps the page too.
import {join} from 'node:path'
import {chromium, type Browser, type Page} from 'playwright-core'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {CHROMIUM_FLAGS, FULL_CHROMIUM, HEADLESS_SHELL, launchChromium} from '../src/lib/browser/chromium.js'
import {performAction} from '../src/lib/rollout/browser-actions.js'
import {NavigationGuard} from '../src/lib/rollout/navigation-guard.js'
import {startSites, type SitesServer} from '../src/lib/sites/server.js'

const root = join(import.meta.dirname, '..')
const VIEWPORT = {width: 1280, height: 768}
const guard = new NavigationGuard({allowHosts: ['*.webgym.test']})

let server: SitesServer
let browser: Browser

beforeAll(async () => {
  server = await startSites({pages: join(root, 'fixtures', 'real-pages'), variantsPerFamily: 1})
  // Only the fixture web resolves: what the saved pages load from other hosts is not there, as offline.
  browser = await launchChromium({hostResolverRules: `${server.hostResolverRules}, MAP * ~NOTFOUND`})
}, 60_000)
afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

/**
 * Opens `url` between two other pages (so that it can go back and forward), scrolls left, right, up and down through
 * the rollout's own scroll action, then once more left and a last small wheel that would complete a swipe begun by
 * the scroll before it; returns the URL after each.
 */
async function scrollEveryWay(target: Browser, url: string): Promise<string[]> {
  const context = await target.newContext({viewport: VIEWPORT, deviceScaleFactor: 1})
  try {
    const page = await context.newPage()
    const home = `http://${server.catalog.sites[0]!.host}/`
    await page.goto(home, {waitUntil: 'domcontentloaded'})
    await page.goto(url, {waitUntil: 'load', timeout: 60_000})
    await page.goto(`${home}?after`, {waitUntil: 'domcontentloaded'})
    await page.goBack({waitUntil: 'load', timeout: 60_000})
    const urls: string[] = []
    for (const direction of ['left', 'right', 'up', 'down', 'left'] as const) {
      await scroll(page, direction)
      urls.push(page.url())
    }
    await page.mouse.wheel(0, 1)
    await page.waitForTimeout(300)
    urls.push(page.url())
    return urls
  } finally {
    await context.close()
  }
}

async function scroll(page: Page, direction: 'up' | 'down' | 'left' | 'right'): Promise<void> {
  const done = await performAction(
    page,
    {name: 'scroll', coordinate: [500, 500], direction},
    {viewport: VIEWPORT, guard, navigationTimeoutMs: 10_000},
  )
  expect(done.error).toBeNull()
  await page.waitForTimeout(200)
}

describe('a scroll never navigates', () => {
  it('in a Chromium with Playwright flags alone, a scroll left goes back at the next wheel (the hazard is real); not in the headless shell', async () => {
    const site = server.catalog.sites.find((candidate) => candidate.family === 'news')!
    const url = `http://${site.host}/`
    const plain = await chromium.launch({
      executablePath: FULL_CHROMIUM,
      headless: true,
      args: [...CHROMIUM_FLAGS, `--host-resolver-rules=${server.hostResolverRules}`],
    })
    try {
      const urls = await scrollEveryWay(plain, url)
      expect(urls.some((seen) => seen !== url)).toBe(true)
    } finally {
      await plain.close()
    }
    const shell = await launchChromium({
      hostResolverRules: server.hostResolverRules,
      launch: {executablePath: HEADLESS_SHELL},
    })
    try {
      expect(await scrollEveryWay(shell, url)).toEqual(Array(6).fill(url))
    } finally {
      await shell.close()
    }
  }, 60_000)

  it('on one site of every fixture family, in every direction', async () => {
    const families = new Set<string>()
    for (const site of server.catalog.sites) {
      if (families.has(site.family)) continue
      families.add(site.family)
      const url = `http://${site.host}/`
      expect(await scrollEveryWay(browser, url), site.family).toEqual(Array(6).fill(url))
    }
    expect(families.size).toBe(7)
  }, 120_000)

  it('on every saved real page, in every direction', async () => {
    const pages = server.pages!.pages
    expect(pages.length).toBe(65)
    // Four pages at a time, each in its own context: the wait is mostly the pages' loads and the scrolls' pauses.
    const queue = [...pages]
    const seen = new Map<string, string[]>()
    const worker = async () => {
      for (let saved = queue.shift(); saved; saved = queue.shift())
        seen.set(saved.host, await scrollEveryWay(browser, `http://${saved.host}/`))
    }
    await Promise.all([worker(), worker(), worker(), worker()])
    expect(seen.size).toBe(65)
    for (const [host, urls] of seen) expect(urls, host).toEqual(Array(6).fill(`http://${host}/`))
  }, 600_000)
})
