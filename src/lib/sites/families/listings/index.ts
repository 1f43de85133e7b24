// The listings family: even variants are job boards, odd variants real-estate portals. Both share a keyword/location
// search, a clickable map of areas that toggles an area filter, range and type chips, sort, pagination, detail
// pages with a Save button, a saved list, and an apply / request-a-viewing form with a reference number.
import type {SiteFamily} from '../../types.js'
import {handle} from './handle.js'
import {kindOf, makeModel} from './model.js'
import {makeTasks} from './tasks/index.js'
import type {ListingsModel, ListingsState} from './types.js'

export const listings: SiteFamily<ListingsModel, ListingsState> = {
  id: 'listings',
  domain: 'Career & Education',
  subdomain: 'Jobs & Career',
  brandWords: {
    first: [
      'Cornerstone',
      'Keystone',
      'Milestone',
      'Landmark',
      'Crossway',
      'Brightdoor',
      'Hearthstone',
      'Signpost',
      'Openlane',
      'Homeward',
    ],
    second: ['Listings', 'Finder', 'Hub', 'Search', 'Scout', 'Match', 'Index', 'Board'],
  },
  model: makeModel,
  initialState: () => ({saved: [], submissions: []}),
  handle,
  tasks: makeTasks,
  classify: (site) =>
    kindOf(site) === 'jobs'
      ? {domain: 'Career & Education', subdomain: 'Jobs & Career'}
      : {domain: 'Misc.', subdomain: 'Real Estate'},
}

export {referenceFor} from './request.js'
export type {ListingsModel, ListingsState} from './types.js'
