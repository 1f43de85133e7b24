import type {Page} from 'playwright-core'
import {cdpSessionOf} from '../observe/page-elements.js'

interface NavigationHistory {
  currentIndex: number
  entries: {url: string}[]
}

/**
 * Whether the page has an earlier entry of the episode's own to go back to. A tab's history starts where the episode
 * opened it: the about:blank entries it begins with (Playwright opens every page at about:blank before the start
 * page) are the browser's, not the episode's, so a go_back at the start page has nothing to go back to.
 */
export async function hasEarlierPage(page: Page): Promise<boolean> {
  const cdp = await cdpSessionOf(page)
  const {currentIndex, entries} = (await cdp.send('Page.getNavigationHistory')) as NavigationHistory
  return entries.slice(0, currentIndex).some((entry) => entry.url !== 'about:blank')
}
