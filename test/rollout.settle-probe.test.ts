import {createServer, type Server} from 'node:http'
import type {AddressInfo} from 'node:net'
import type {Browser, Page} from 'playwright-core'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {launchChromium} from '../src/lib/browser/chromium.js'
import {SETTLE_PROBE} from '../src/lib/rollout/settle.js'

// The settle probe in real Chromium: a navigation the page begins counts as in flight from the moment the page begins
// it, before the browser reports the request to the rollout (on a loaded machine that report can come late). The probe
// is asked in the same task as the click: once Playwright knows of a navigation, it holds an evaluation until the new
// document is there.
const PAGE = `<!doctype html><title>start</title><a id="slow" href="/slow">slow</a><a id="file" href="/file" download>file</a><p id="text">start</p>`

let server: Server
let origin: string
let browser: Browser
const held: (() => void)[] = []

beforeAll(async () => {
  server = createServer((request, response) => {
    if (request.url === '/slow')
      return void held.push(() => response.end('<!doctype html><title>slow</title><p>arrived</p>'))
    if (request.url === '/file')
      return void response
        .writeHead(200, {'content-type': 'application/octet-stream', 'content-disposition': 'attachment'})
        .end('data')
    response.writeHead(200, {'content-type': 'text/html'}).end(PAGE)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  browser = await launchChromium()
})
afterAll(async () => {
  for (const release of held) release()
  await browser?.close()
  await new Promise((resolve) => server?.close(resolve))
})

async function openPage(): Promise<Page> {
  const context = await browser.newContext({acceptDownloads: false})
  await context.addInitScript(SETTLE_PROBE)
  const page = await context.newPage()
  await page.goto(`${origin}/`, {waitUntil: 'load'})
  return page
}

const probe = (page: Page) =>
  page.evaluate('window.__webgymSettle()') as Promise<{
    busy: string | null
    quietMs: number
    doc: string
    changes: number
    title: string
  }>

describe('the settle probe', () => {
  it('reports a navigation the page began as busy while its answer is held', async () => {
    const page = await openPage()
    const before = await probe(page)
    expect(before.busy).toBeNull()
    const during = (await page.evaluate(
      `(() => { document.getElementById('slow').click(); return window.__webgymSettle() })()`,
    )) as typeof before
    expect(during.busy).toBe('navigation')
    expect(during.doc).toBe(before.doc)
    expect(during.changes).toBeGreaterThan(before.changes)
    await expect.poll(() => held.length).toBe(1)
    held.shift()!()
    await page.waitForURL(`${origin}/slow`)
    await page.waitForLoadState('load')
    const after = await probe(page)
    expect(after.doc).not.toBe(before.doc)
    expect(after.busy).toBeNull()
    await page.context().close()
  })

  it('does not count a same-document change (pushState) or a download as leaving the page', async () => {
    const page = await openPage()
    await page.evaluate(`history.pushState({}, '', '/elsewhere')`)
    expect((await probe(page)).busy).toBeNull()
    expect(
      await page.evaluate(`(() => { document.getElementById('file').click(); return window.__webgymSettle().busy })()`),
    ).toBeNull()
    await page.context().close()
  })

  it("does not count the screenshot itself (it hides the caret through the inputs' style, then puts it back)", async () => {
    const page = await openPage()
    await page.evaluate(
      `document.body.insertAdjacentHTML('beforeend', '<input id="a" style="color: red"><input id="b" style="width:80px"><textarea></textarea>')`,
    )
    await page.waitForTimeout(100)
    const before = await probe(page)
    await page.screenshot({type: 'jpeg'})
    expect((await probe(page)).changes).toBe(before.changes)
    await page.evaluate(`document.getElementById('a').style.color = 'blue'`)
    expect((await probe(page)).changes).toBeGreaterThan(before.changes)
    await page.context().close()
  })

  it("answers with the document's title as the browser has it, whatever the page does to the getter later", async () => {
    const page = await openPage()
    expect((await probe(page)).title).toBe('start')
    await page.evaluate(`document.title = 'renamed'`)
    expect((await probe(page)).title).toBe('renamed')
    await page.evaluate(`(() => {
      Object.defineProperty(Document.prototype, 'title', {get: () => 'spoofed', configurable: true})
      Function.prototype.call = function () { return 'spoofed' }
    })()`)
    expect(await page.evaluate('document.title')).toBe('spoofed')
    expect((await probe(page)).title).toBe('renamed')
    expect(await page.title()).toBe('renamed')
    await page.context().close()
  })

  it('counts a change in the viewport and not a load far below it', async () => {
    const page = await openPage()
    const before = await probe(page)
    await page.evaluate(`(() => {
      const spacer = document.createElement('div'); spacer.style.height = '5000px'; document.body.append(spacer)
      const image = new Image(); image.src = 'data:image/gif;base64,R0lGODlhAQABAAAAACw='; spacer.after(image)
    })()`)
    await page.waitForTimeout(100)
    const mid = await probe(page)
    // The spacer itself was added in view; the image far below adds nothing further when it loads.
    expect(mid.changes).toBeGreaterThan(before.changes)
    await page.evaluate(`document.getElementById('text').textContent = 'changed'`)
    const after = await probe(page)
    expect(after.changes).toBeGreaterThan(mid.changes)
    expect(after.quietMs).toBeLessThan(mid.quietMs + 100)
    await page.context().close()
  })
})
