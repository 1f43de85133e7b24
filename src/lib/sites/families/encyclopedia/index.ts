// The encyclopedia family: generated articles with infoboxes, contents, long prose, data tables and internal links;
// full-text search with snippets, category pages with sortable member tables, a random article, a watchlist and a
// "report a problem" form. Each variant covers one topic: places (cities and rivers), chemical elements and their
// discoverers, or inventions and their inventors.
import type {SiteFamily} from '../../types.js'
import {handle} from './handle.js'
import {makeModel} from './model/index.js'
import {makeTasks} from './tasks/index.js'
import type {EncyclopediaModel, EncyclopediaState} from './types.js'

export const encyclopedia: SiteFamily<EncyclopediaModel, EncyclopediaState> = {
  id: 'encyclopedia',
  domain: 'Misc.',
  subdomain: 'General Info.',
  brandWords: {
    first: [
      'Codex',
      'Quillmark',
      'Sagewood',
      'Inkwell',
      'Polymath',
      'Veritas',
      'Scholia',
      'Omnibus',
      'Marginalia',
      'Folio',
    ],
    second: ['Wiki', 'Encyclopedia', 'Compendium', 'Lexicon', 'Almanac', 'Cyclopedia', 'Knowledge Base', 'Reference'],
  },
  model: makeModel,
  initialState: () => ({watchlist: [], reports: [], randomDraws: 0}),
  handle,
  tasks: makeTasks,
  classify: (_site, model) =>
    model.topic === 'places'
      ? {domain: 'Misc.', subdomain: 'General Info.'}
      : {domain: 'Science & Research', subdomain: 'Technology & Science'},
}
