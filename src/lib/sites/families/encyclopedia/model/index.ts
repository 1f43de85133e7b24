// The encyclopedia's model: a variant's topic, layout, articles, categories and main-page boxes.
import type {SeededRandom} from '../../../../random/seeded-random.js'
import {between, pick, sample} from '../../../random-pick.js'
import type {SiteInfo} from '../../../types.js'
import {MONTHS} from '../data.js'
import type {EncyclopediaModel, Layout, Topic} from '../types.js'
import {buildElements} from './elements.js'
import {buildInventions} from './inventions.js'
import {buildPlaces} from './places.js'

const TOPICS: Topic[] = ['places', 'elements', 'inventions']

export function makeModel(site: SiteInfo, rng: SeededRandom): EncyclopediaModel {
  const topic = TOPICS[site.variant % TOPICS.length]!
  const layout: Layout = {
    sidebar: rng.below(2) === 0 ? 'left' : 'right',
    tocInSidebar: rng.below(3) === 0,
    homeColumns: rng.below(2) === 0 ? 2 : 3,
    categoryView: rng.below(2) === 0 ? 'table' : 'cards',
    resultImages: rng.below(2) === 0,
  }
  const built = topic === 'places' ? buildPlaces(rng) : topic === 'elements' ? buildElements(rng) : buildInventions(rng)
  const articles = built.articles.sort((a, b) => a.title.localeCompare(b.title))
  for (const category of built.categories)
    for (const slug of category.members) articles.find((a) => a.slug === slug)?.categories.push(category.slug)
  const primary = articles.filter((a) => a.kind === built.primary)
  const featured = pick(rng, primary).slug
  const dateLabel = `${between(rng, 2, 27)} ${pick(rng, MONTHS)}`
  return {
    topic,
    subject: built.subject,
    tagline: built.tagline,
    layout,
    articles,
    categories: built.categories.filter((c) => c.members.length > 0).sort((a, b) => a.name.localeCompare(b.name)),
    featured,
    onThisDay: {
      date: dateLabel,
      items: sample(rng, articles, 5)
        .map((a) => a.milestone)
        .sort((a, b) => a.year - b.year),
    },
  }
}
