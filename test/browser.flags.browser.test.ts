// Chromium keeps only the last --disable-features it is given, and Playwright passes its own list before webgym's:
// webgym's must therefore carry Playwright's features too. Read back from the browser's own command line
// (chrome://version), so that a Playwright upgrade that disables a new feature fails here, not in a rollout.
import {describe, expect, it} from 'vitest'
import {chromiumArgs, DISABLED_FEATURES, launchChromium} from '../src/lib/browser/chromium.js'

describe("Chromium's disabled features", () => {
  it("webgym's --disable-features, the one Chromium keeps, holds Playwright's and turns off the history swipe", async () => {
    const browser = await launchChromium()
    try {
      const page = await browser.newPage()
      const cdp = await page.context().newCDPSession(page)
      await cdp.send('Page.navigate', {url: 'chrome://version'})
      await page.waitForFunction(() => document.querySelector('#command_line')?.textContent)
      const commandLine = await page.evaluate(() => document.querySelector('#command_line')!.textContent!)
      const lists = [...commandLine.matchAll(/--disable-features=(\S+)/g)].map((match) => match[1]!.split(','))
      expect(lists.length).toBeGreaterThanOrEqual(2)
      const kept = new Set(lists.at(-1))
      for (const list of lists.slice(0, -1)) for (const feature of list) expect(kept, feature).toContain(feature)
      expect(kept).toContain('OverscrollHistoryNavigation')
    } finally {
      await browser.close()
    }
  }, 60_000)

  it('joins a --disable-features given by the caller into the one list', () => {
    const args = chromiumArgs({extraArgs: ['--disable-features=Foo,Bar', '--proxy-server=socks5://127.0.0.1:1']})
    const lists = args.filter((arg) => arg.startsWith('--disable-features='))
    expect(lists).toEqual([`--disable-features=${[...DISABLED_FEATURES, 'Foo', 'Bar'].join(',')}`])
    expect(args).toContain('--proxy-server=socks5://127.0.0.1:1')
  })
})
