// Chromium keeps only the last --disable-features it is given, and Playwright passes its own list before webgym's:
// webgym's must therefore carry Playwright's features too. Read back from the running browser's command line
// (/proc; the headless shell has no chrome://version), for the full browser webgym drives by default and for the
// headless shell a user may choose, so that a Playwright upgrade that disables a new feature fails here, not in a rollout.
import {randomBytes} from 'node:crypto'
import {readFileSync} from 'node:fs'
import {describe, expect, it} from 'vitest'
import {
  chromiumArgs,
  chromiumPath,
  DISABLED_FEATURES,
  FULL_CHROMIUM,
  HEADLESS_SHELL,
  launchChromium,
} from '../src/lib/browser/chromium.js'
import {chromiumBrowsers} from './helpers/rollout.js'

describe("Chromium's disabled features", () => {
  it('drives the full browser unless WEBGYM_CHROMIUM names another', () => {
    expect(chromiumPath({})).toBe(FULL_CHROMIUM)
    expect(chromiumPath({WEBGYM_CHROMIUM: HEADLESS_SHELL})).toBe(HEADLESS_SHELL)
  })

  it.each([FULL_CHROMIUM, HEADLESS_SHELL])(
    "%s: webgym's --disable-features, the one Chromium keeps, holds Playwright's and turns off the history swipe",
    async (executablePath) => {
      // An unknown switch, ignored by Chromium, names this browser among the machine's processes.
      const marker = `--webgym-test-${randomBytes(6).toString('hex')}`
      const browser = await launchChromium({extraArgs: [marker], launch: {executablePath}})
      try {
        const [pid, ...others] = chromiumBrowsers(marker)
        expect(others).toEqual([])
        const commandLine = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')
        expect(commandLine[0]).toBe(executablePath)
        const lists = commandLine
          .filter((arg) => arg.startsWith('--disable-features='))
          .map((arg) => arg.slice('--disable-features='.length).split(','))
        expect(lists.length).toBeGreaterThanOrEqual(2)
        const kept = new Set(lists.at(-1))
        for (const list of lists.slice(0, -1)) for (const feature of list) expect(kept, feature).toContain(feature)
        expect(kept).toContain('OverscrollHistoryNavigation')
      } finally {
        await browser.close()
      }
    },
    60_000,
  )

  it('joins a --disable-features given by the caller into the one list', () => {
    const args = chromiumArgs({extraArgs: ['--disable-features=Foo,Bar', '--proxy-server=socks5://127.0.0.1:1']})
    const lists = args.filter((arg) => arg.startsWith('--disable-features='))
    expect(lists).toEqual([`--disable-features=${[...DISABLED_FEATURES, 'Foo', 'Bar'].join(',')}`])
    expect(args).toContain('--proxy-server=socks5://127.0.0.1:1')
  })
})
