// Global setup of the tiers whose files look at pages in Chromium (vitest.config.ts): the fixture web (seed 0) and
// one Debian Chromium mapped onto it, started once in vitest's main process and shared by every file of the tier
// through `sharedFixtureBrowser()` (./fixture-browser.ts), instead of each file starting its own. Files whose claim is
// about starting them (a rollout that starts its own fixture web, a server with faults of its own) still do.
import {chromium} from 'playwright-core'
import type {TestProject} from 'vitest/node'
import {chromiumArgs, chromiumPath} from '../../src/lib/browser/chromium.js'
import {startSites} from '../../src/lib/sites/server.js'

export const SHARED_SITES_SEED = 0

export interface SharedFixtureWeb {
  url: string
  port: number
  token: string
  hostResolverRules: string
  seed: number
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The shared fixture web of this tier (see test/helpers/fixture-browser.global.ts). */
    sharedFixtureWeb: SharedFixtureWeb
    /** The ws:// endpoint of the tier's shared Chromium, mapped onto the shared fixture web. */
    sharedChromiumWs: string
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const sites = await startSites({port: 0, seed: SHARED_SITES_SEED})
  const browser = await chromium
    .launchServer({
      executablePath: chromiumPath(),
      headless: true,
      args: chromiumArgs({hostResolverRules: sites.hostResolverRules}),
      host: '127.0.0.1',
    })
    .catch(async (error: Error) => {
      await sites.stop()
      throw error
    })
  project.provide('sharedFixtureWeb', {
    url: sites.url,
    port: sites.port,
    token: sites.token,
    hostResolverRules: sites.hostResolverRules,
    seed: SHARED_SITES_SEED,
  })
  project.provide('sharedChromiumWs', browser.wsEndpoint())
  return async () => {
    await browser.close()
    await sites.stop()
  }
}
