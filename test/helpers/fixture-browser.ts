// The fixture web and one Debian Chromium mapped onto it, for browser tests.
//
// sharedFixtureBrowser(), sharedChromium(): the tier's own, started once by its global setup
// (./fixture-browser.global.ts) and shared by every file: for tests of pages and reports, not of starting them.
// startFixtureBrowser(options): a fresh pair of this file's own, for a fixture web with options of its own.
import {chromium, type Browser} from 'playwright-core'
import {inject} from 'vitest'
import {launchChromium} from '../../src/lib/browser/chromium.js'
import {Catalog} from '../../src/lib/sites/catalog.js'
import {startSites, type SitesOptions, type SitesServer} from '../../src/lib/sites/server.js'
import type {SharedFixtureWeb} from './fixture-browser.global.js'

export interface FixtureBrowser {
  server: Pick<SitesServer, 'url' | 'port' | 'token' | 'hostResolverRules' | 'catalog'>
  browser: Browser
  close(): Promise<void>
}

export async function startFixtureBrowser(options: SitesOptions = {}): Promise<FixtureBrowser & {server: SitesServer}> {
  const server = await startSites(options)
  const browser = await launchChromium({hostResolverRules: server.hostResolverRules}).catch(async (error: Error) => {
    await server.stop()
    throw error
  })
  return {
    server,
    browser,
    async close() {
      await browser.close()
      await server.stop()
    },
  }
}

/** The tier's shared fixture web and Chromium, as given by its global setup; a clear error in a tier without them. */
function shared(): {web: SharedFixtureWeb; endpoint: string} {
  let web: SharedFixtureWeb | undefined
  let endpoint: string | undefined
  try {
    web = inject('sharedFixtureWeb')
    endpoint = inject('sharedChromiumWs')
  } catch {
    // inject() outside a vitest worker: the message below says what is missing.
  }
  if (!web || !endpoint)
    throw new Error(
      'no shared fixture web and Chromium in this vitest project: its globalSetup must include test/helpers/fixture-browser.global.ts (vitest.config.ts)',
    )
  return {web, endpoint}
}

/**
 * The tier's shared Chromium (mapped onto its fixture web), connected for this file: for pages that are not the
 * fixture web's (a report from file://). Its close() disconnects, closing the contexts this file opened.
 */
export function sharedChromium(): Promise<Browser> {
  return chromium.connect(shared().endpoint)
}

/**
 * The tier's shared fixture web (seed 0) and Chromium, connected for this file; close() disconnects (closing what this
 * file opened) and leaves both running for the next file.
 */
export async function sharedFixtureBrowser(): Promise<FixtureBrowser> {
  const {web} = shared()
  const browser = await sharedChromium()
  return {server: {...web, catalog: new Catalog({seed: web.seed})}, browser, close: () => browser.close()}
}
