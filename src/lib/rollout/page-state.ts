import type {PageState} from '../schema/trajectory.js'
import {ERROR_PAGE_URL, type PageArrival} from './browsing-session.js'

/**
 * What an observation of `url` shows (a step's `page`), and why when it is not a page: about:blank is `blank`,
 * Chromium's error page is `browser_error`, either is `blocked` when the guard or the egress proxy refused the
 * navigation that led there. The cause is the session's account of how the tab got there (BrowsingSession.arrivalOf),
 * or, when it saw nothing that explains it, a plain statement of what is shown.
 */
export function pageStateOf(url: string, arrival: PageArrival | null): {page: PageState; cause: string | null} {
  const blank = url === 'about:blank'
  if (!blank && !url.startsWith(ERROR_PAGE_URL)) return {page: 'ok', cause: null}
  if (arrival?.refused) return {page: 'blocked', cause: arrival.cause}
  return {
    page: blank ? 'blank' : 'browser_error',
    cause:
      arrival?.cause ?? (blank ? 'the tab is at about:blank' : 'the browser shows an error page, with no cause seen'),
  }
}
