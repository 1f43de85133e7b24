// The fixture web and one Debian Chromium mapped onto it, for browser tests.
import type {Browser} from 'playwright-core'
import {launchChromium} from '../../src/lib/browser/chromium.js'
import {startSites, type SitesOptions, type SitesServer} from '../../src/lib/sites/server.js'

export interface FixtureBrowser {
  server: SitesServer
  browser: Browser
  close(): Promise<void>
}

export async function startFixtureBrowser(options: SitesOptions = {}): Promise<FixtureBrowser> {
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
