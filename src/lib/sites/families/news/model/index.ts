// The news site's model: today's date, sections, layout, authors, articles, most read and editor's picks.
import type {SeededRandom} from '../../../../random/seeded-random.js'
import {between, pick, sample} from '../../../random-pick.js'
import type {SiteInfo} from '../../../types.js'
import {CORE_SECTIONS, EXTRA_SECTIONS, FIRST_NAMES, LAST_NAMES} from '../data.js'
import {isoDate} from '../dates.js'
import {SECTION_INFO} from '../labels.js'
import type {Author, Layout, NewsModel, SectionId} from '../types.js'
import {makeArticles} from './articles.js'

export function makeModel(site: SiteInfo, rng: SeededRandom): NewsModel {
  const today = isoDate(2027, between(rng, 3, 11), between(rng, 1, 28))
  const sections = [
    ...CORE_SECTIONS.slice(0, 1),
    ...sample(rng, EXTRA_SECTIONS, between(rng, 1, 2)),
    ...CORE_SECTIONS.slice(1),
  ]
  const layout: Layout = {
    home: site.variant % 2 === 0 ? 'classic' : 'magazine',
    sidebar: Math.floor(site.variant / 2) % 2 === 0 ? 'right' : 'left',
    list: rng.below(2) === 0 ? 'rows' : 'cards',
    banner: (['bar', 'box', 'modal'] as const)[site.variant % 3],
    dateStyle: rng.below(2) === 0 ? 'dmy' : 'mdy',
    pageSize: pick(rng, [8, 10]),
  }
  const names = personNames(rng, 200)
  const authors = makeAuthors(site, sections, names.splice(0, sections.length * 2))
  const articles = makeArticles(rng, sections, authors, names, today, layout.dateStyle)
  const recent = articles.slice(0, 30)
  return {
    tagline: pick(rng, [
      'Independent journalism since 1887',
      'News you can trust, every day',
      'Reporting without fear or favour',
      'The stories that matter, told well',
    ]),
    today,
    sections,
    authors,
    articles,
    mostRead: sample(rng, recent, 5).map((a) => a.id),
    editorsPicks: sample(rng, articles.slice(5), 3).map((a) => a.id),
    freeArticles: between(rng, 3, 5),
    layout,
  }
}

/** Distinct full names. */
function personNames(rng: SeededRandom, count: number): string[] {
  const all: string[] = []
  for (const first of FIRST_NAMES) for (const last of LAST_NAMES) all.push(`${first} ${last}`)
  return sample(rng, all, count)
}

function makeAuthors(site: SiteInfo, sections: SectionId[], names: string[]): Author[] {
  return names.map((name, i) => {
    const desk = sections[i % sections.length]
    const title = i < sections.length ? SECTION_INFO[desk].desk : `${SECTION_INFO[desk].label} editor`
    return {
      id: i + 1,
      name,
      desk,
      title,
      bio: `${name} is ${site.name}'s ${title.toLowerCase()}. Before joining the newsroom, ${name.split(' ')[0]} reported for regional papers and wire services.`,
    }
  })
}
