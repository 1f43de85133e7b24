/// <reference lib="dom" />
// Real pages come in every script, and an agent sees them as pixels: Chinese, Japanese, Arabic and emoji must be
// drawn by a font that has their glyphs (the ones scripts/install-chromium.sh installs), not as empty boxes. Checked
// from the page: each line's width against the same number of boxes of a character no font has, and, from Chromium's
// renderer, which font drew each line. (document.fonts.check says only whether listed fonts are loaded, which system
// fonts always are, glyphs or not.) The same checks in a Chromium that sees DejaVu alone must find boxes: they can fail.
// Screenshots of the lines and of the corpus's Chinese and Japanese pages are kept in test-artifacts/pages/ for a person
// to look at.
import {mkdir} from 'node:fs/promises'
import {join} from 'node:path'
import type {Browser, Page} from 'playwright-core'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {launchChromium} from '../src/lib/browser/chromium.js'
import {startSites, type SitesServer} from '../src/lib/sites/server.js'
import {root} from './helpers/cli.js'
import {workdir} from './helpers/workdir.js'

const SHOTS = join(root, 'test-artifacts', 'pages')
const VIEWPORT = {width: 1280, height: 768}

const LINES = [
  {id: 'zh', lang: 'zh-CN', text: '人工智能迈上新台阶，中文字体渲染正常', font: /Noto Sans CJK|Noto Serif CJK/},
  {id: 'ja', lang: 'ja', text: 'ひらがな、カタカナと漢字の日本語テキスト', font: /Noto Sans CJK|Noto Serif CJK/},
  {id: 'ar', lang: 'ar', text: 'مرحبا بالعالم، هذا نص عربي', font: /Arabic|DejaVu Sans/},
  {id: 'emoji', lang: 'en', text: '😀🎉🌍👍🚀❤️', font: /Noto Color Emoji/},
]

let server: SitesServer
let browser: Browser

beforeAll(async () => {
  server = await startSites({pages: join(root, 'fixtures', 'real-pages'), variantsPerFamily: 1})
  // Only the fixture web resolves: what the saved pages load from other hosts is not there, as offline.
  browser = await launchChromium({hostResolverRules: `${server.hostResolverRules}, MAP * ~NOTFOUND`})
  await mkdir(SHOTS, {recursive: true})
}, 60_000)
afterAll(async () => {
  await browser?.close()
  await server?.stop()
})

async function withPage<T>(run: (page: Page) => Promise<T>): Promise<T> {
  const context = await browser.newContext({viewport: VIEWPORT, deviceScaleFactor: 1})
  try {
    return await run(await context.newPage())
  } finally {
    await context.close()
  }
}

/** The platform fonts Chromium drew an element's text with, and how many glyphs each drew. */
async function fontsOf(page: Page, selector: string): Promise<{familyName: string; glyphCount: number}[]> {
  const cdp = await page.context().newCDPSession(page)
  try {
    await cdp.send('DOM.enable')
    await cdp.send('CSS.enable')
    const {root: document} = await cdp.send('DOM.getDocument')
    const {nodeId} = await cdp.send('DOM.querySelector', {nodeId: document.nodeId, selector})
    const {fonts} = await cdp.send('CSS.getPlatformFontsForNode', {nodeId})
    return fonts.map(({familyName, glyphCount}) => ({familyName, glyphCount}))
  } finally {
    await cdp.detach()
  }
}

/**
 * Widths of the element's text and of as many boxes of U+0378, a code point no font has, in the element's font and
 * without its language (which would pick a CJK font's box): what its text would look like with its glyphs missing.
 */
async function widthAgainstBoxes(page: Page, selector: string): Promise<{text: number; boxes: number}> {
  return page.$eval(selector, (element) => {
    const boxes = document.createElement('span')
    boxes.style.font = getComputedStyle(element).font
    boxes.style.whiteSpace = 'pre'
    boxes.textContent = '\u0378'.repeat([...(element.textContent ?? '')].length)
    document.body.append(boxes)
    const range = document.createRange()
    range.selectNodeContents(element)
    const widths = {text: range.getBoundingClientRect().width, boxes: boxes.getBoundingClientRect().width}
    boxes.remove()
    return widths
  })
}

/** A page of one line per script, in 32 px sans-serif. */
async function showLines(page: Page): Promise<void> {
  const lines = LINES.map(
    (line) =>
      `<p><span id="${line.id}" lang="${line.lang}" dir="${line.id === 'ar' ? 'rtl' : 'ltr'}">${line.text}</span></p>`,
  ).join('')
  await page.setContent(
    `<!doctype html><html><head><meta charset="utf-8"></head><body style="font: 32px sans-serif">${lines}</body></html>`,
  )
}

/** How a line was drawn: its width against missing-glyph boxes (0: boxes), the fonts Chromium drew it with. */
async function drawing(page: Page, id: string): Promise<{difference: number; fonts: string[]}> {
  const {text, boxes} = await widthAgainstBoxes(page, `#${id}`)
  const fonts = (await fontsOf(page, `#${id}`)).filter((font) => font.glyphCount > 0).map((font) => font.familyName)
  return {difference: Math.abs(text - boxes) / boxes, fonts}
}

/** Pixels of an element's screenshot that are clearly coloured (neither grey, black nor white). */
async function colouredPixels(page: Page, selector: string): Promise<number> {
  const sharp = (await import('sharp')).default
  const {data, info} = await sharp(await page.locator(selector).screenshot())
    .raw()
    .toBuffer({resolveWithObject: true})
  let coloured = 0
  for (let at = 0; at < data.length; at += info.channels)
    if (Math.max(data[at]!, data[at + 1]!, data[at + 2]!) - Math.min(data[at]!, data[at + 1]!, data[at + 2]!) > 60)
      coloured++
  return coloured
}

describe('every script renders', () => {
  it('draws Chinese, Japanese, Arabic and emoji lines with fonts that have their glyphs (screenshot kept)', async () => {
    await withPage(async (page) => {
      await showLines(page)
      await page.screenshot({path: join(SHOTS, 'scripts.png')})
      for (const line of LINES) {
        const {difference, fonts} = await drawing(page, line.id)
        expect(difference, `${line.id}: width against missing-glyph boxes`).toBeGreaterThan(0.1)
        expect(
          fonts.some((font) => line.font.test(font)),
          `${line.id}: drawn with ${fonts.join(', ')}`,
        ).toBe(true)
      }
      // The emoji are drawn in colour, as Noto Color Emoji's bitmaps.
      expect(await colouredPixels(page, '#emoji')).toBeGreaterThan(100)
    })
  }, 60_000)

  it('tells boxes from glyphs: a Chromium that sees only DejaVu draws the Chinese line as boxes, emoji without colour', async () => {
    // The same checks, in a Chromium whose fontconfig knows DejaVu alone: what this machine showed before the fonts.
    const wd = workdir()
    const config = wd.write(
      'fonts.conf',
      `<?xml version="1.0"?><!DOCTYPE fontconfig SYSTEM "fonts.dtd"><fontconfig><dir>/usr/share/fonts/truetype/dejavu</dir><cachedir>${wd.path('cache')}</cachedir></fontconfig>`,
    )
    const bare = await launchChromium({launch: {env: {...process.env, FONTCONFIG_FILE: config}}})
    try {
      const page = await bare.newPage({viewport: VIEWPORT})
      await showLines(page)
      await page.screenshot({path: join(SHOTS, 'scripts-dejavu-only.png')})
      const chinese = await drawing(page, 'zh')
      expect(chinese.difference).toBeLessThan(0.1)
      expect(chinese.fonts.some((font) => /CJK/.test(font))).toBe(false)
      expect((await drawing(page, 'emoji')).fonts).not.toContain('Noto Color Emoji')
      expect(await colouredPixels(page, '#emoji')).toBeLessThan(100)
    } finally {
      await bare.close()
    }
  }, 60_000)

  it.each([
    ['qq', 'DeepMind新电脑已可利用记忆自学 人工智能迈上新台阶'],
    ['yahoo-4', 'トレンドマイクロ、公衆無線LANを安全に使うためのアプリ「フリーWi-Fiプロテクション」'],
  ])(
    'shows the %s page of the corpus in its own script, read as UTF-8, headline in a CJK font (screenshot kept)',
    async (name, headline) => {
      await withPage(async (page) => {
        await page.goto(`http://${name}.pages.webgym.test/`, {waitUntil: 'load', timeout: 60_000})
        expect(await page.evaluate(() => document.characterSet)).toBe('UTF-8')
        const heading = page.locator('h1', {hasText: headline.slice(0, 12)}).first()
        await expect.poll(() => heading.textContent()).toContain(headline)
        await page.screenshot({path: join(SHOTS, `${name}.png`)})
        await heading.evaluate((element) => (element.id = 'webgym-headline'))
        const fonts = await fontsOf(page, '#webgym-headline')
        expect(
          fonts.some((font) => /Noto (Sans|Serif) CJK/.test(font.familyName)),
          JSON.stringify(fonts),
        ).toBe(true)
        const {text, boxes} = await widthAgainstBoxes(page, '#webgym-headline')
        expect(Math.abs(text - boxes) / boxes).toBeGreaterThan(0.1)
      })
    },
    90_000,
  )
})
