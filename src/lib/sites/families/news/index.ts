// The news family: a front page with sections, section pages with filters and pagination, long articles with bylines and
// pull quotes, a cookie consent banner, a metered paywall with free registration, search and a newsletter signup.
import type {SiteFamily} from '../../types.js'
import {handle} from './handle.js'
import {makeModel} from './model/index.js'
import {makeTasks} from './tasks/index.js'
import type {NewsModel, NewsState} from './types.js'

export const news: SiteFamily<NewsModel, NewsState> = {
  id: 'news',
  domain: 'Misc.',
  subdomain: 'News',
  brandWords: {
    first: [
      'Westbrook',
      'Ashford',
      'Fairhaven',
      'Ironbridge',
      'Kingsport',
      'Lakeshore',
      'Millbrook',
      'Oakridge',
      'Redcliff',
      'Stonehaven',
    ],
    second: ['Herald', 'Gazette', 'Tribune', 'Chronicle', 'Dispatch', 'Courier', 'Observer', 'Sentinel'],
  },
  model: makeModel,
  initialState: () => ({consent: null, account: null, signedIn: false, articlesRead: [], subscriptions: []}),
  handle,
  tasks: makeTasks,
}
