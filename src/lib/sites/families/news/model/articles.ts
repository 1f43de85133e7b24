// Articles made from the story templates: slot values, paragraphs, the pull quote and the questions a task can ask.
import type {SeededRandom} from '../../../../random/seeded-random.js'
import {between, pick, sample, shuffle} from '../../../random-pick.js'
import {slugify} from '../../../slug.js'
import {
  CITIES,
  COMPANIES,
  COUNTRIES,
  ENERGY_COMPANIES,
  FILLERS,
  KIND_NOTES,
  KIND_WEIGHTS,
  PHOTO_AGENCIES,
  PRODUCT_NAMES,
  TEAM_SUFFIXES,
  TECH_COMPANIES,
  TITLES,
} from '../data.js'
import {addDays, formatDate} from '../dates.js'
import {TEMPLATES} from '../templates/index.js'
import type {AnswerType, Article, Author, DateStyle, Question, SectionId, StoryTemplate} from '../types.js'

export function makeArticles(
  rng: SeededRandom,
  sections: SectionId[],
  authors: Author[],
  people: string[],
  today: string,
  style: DateStyle,
): Article[] {
  const articles: Article[] = []
  const headlines = new Set<string>()
  for (const section of sections) {
    const desk = authors.filter((a) => a.desk === section)
    const templates = shuffle(rng, [...TEMPLATES[section]])
    const count = between(rng, 11, 16)
    for (let i = 0, tries = 0; i < count && tries < 200; tries++) {
      const template = templates[i % templates.length]
      const daysAgo = rng.below(70)
      const date = addDays(today, -daysAgo)
      const event = addDays(date, between(rng, 10, 120))
      const values = {...slotValues(rng, section, template, formatDate(event, style), people), dateIso: event}
      const headline = fill(template.headline, values)
      // Two stories that differ only in their numbers would read like a glitch.
      const pattern = headline.toLowerCase().replace(/[\d,.$%]+/g, '#')
      if (headlines.has(pattern)) continue
      headlines.add(pattern)
      articles.push(buildArticle(rng, {id: 0, section, template, values, headline, date, authorId: pick(rng, desk).id}))
      i++
    }
  }
  articles.sort(
    (a, b) => b.date.localeCompare(a.date) || b.time.localeCompare(a.time) || a.headline.localeCompare(b.headline),
  )
  articles.forEach((a, i) => (a.id = 1000 + articles.length - i))
  return articles
}

function slotValues(
  rng: SeededRandom,
  section: SectionId,
  template: StoryTemplate,
  date: string,
  people: string[],
): Record<string, string> {
  const [city, city2] = sample(rng, CITIES, 2)
  const orgPool = section === 'tech' ? TECH_COMPANIES : section === 'climate' ? ENERGY_COMPANIES : COMPANIES
  const [org, org2] = sample(rng, orgPool, 2)
  const [person, person2] = sample(rng, people, 2)
  const values: Record<string, string> = {
    city,
    country: pick(rng, COUNTRIES),
    org,
    org2,
    person,
    person2,
    team: `${city} ${pick(rng, TEAM_SUFFIXES)}`,
    team2: `${city2} ${pick(rng, TEAM_SUFFIXES)}`,
    title: pick(rng, TITLES),
    product: `${pick(rng, PRODUCT_NAMES)} ${between(rng, 12, 16)}`,
    date,
  }
  for (const [key, [min, max, step = 1]] of Object.entries(template.numbers))
    values[key] = (min + step * rng.below(Math.floor((max - min) / step) + 1)).toLocaleString('en-US')
  for (const [key, [min, max]] of Object.entries(template.decimals ?? {})) {
    const tenths = between(rng, Math.round(min * 10), Math.round(max * 10))
    values[key] = ((tenths % 10 === 0 ? tenths + 1 : tenths) / 10).toFixed(1)
  }
  return values
}

function fill(text: string, values: Record<string, string>): string {
  return text.replace(/\{(\w+)\}/g, (_match, key: string) => {
    const value = values[key]
    if (value === undefined) throw new Error(`news template slot {${key}} has no value`)
    return value
  })
}

interface ArticleSeed {
  id: number
  section: SectionId
  template: StoryTemplate
  values: Record<string, string>
  headline: string
  date: string
  authorId: number
}

function buildArticle(rng: SeededRandom, seed: ArticleSeed): Article {
  const {template, values, section} = seed
  const kind = pick(rng, KIND_WEIGHTS)
  const facts = template.paragraphs.map((p) => fill(p, values))
  const speaker = values[template.quoteBy ?? 'person']
  const role = fill(template.role, values)
  const quoteText = fill(template.quote, values)
  const quoteParagraph = role ? `“${quoteText},” said ${speaker}, ${role}.` : `“${quoteText},” said ${speaker}.`
  const fillers = sample(rng, FILLERS[section], 3).map((p) => fill(p, values))
  const paragraphs = [facts[0], fillers[0], facts[1], quoteParagraph, fillers[1], ...facts.slice(2), fillers[2]]
  const note = KIND_NOTES[kind]
  if (note) paragraphs.push(note)
  const questions = template.questions.flatMap((q): Question[] => {
    const answer = values[q.slot]
    const paragraph = paragraphs.findIndex((p) => p.includes(answer))
    if (answer === undefined || paragraph < 0) return []
    const type: AnswerType = q.slot === 'date' ? 'date' : q.slot.startsWith('person') ? 'person' : 'number'
    return [{ask: fill(q.ask, values), answer, type, paragraph, ...(type === 'date' ? {iso: values.dateIso} : {})}]
  })
  const words = paragraphs.join(' ').split(/\s+/).length
  return {
    id: seed.id,
    slug: slugOf(seed.headline),
    section,
    kind,
    headline: seed.headline,
    standfirst: fill(template.standfirst, values),
    authorId: seed.authorId,
    date: seed.date,
    time: `${String(between(rng, 6, 21)).padStart(2, '0')}:${String(rng.below(12) * 5).padStart(2, '0')}`,
    premium: rng.below(100) < 24,
    paragraphs,
    pullQuoteAfter: 5,
    quote: {text: quoteText, name: speaker, role},
    questions,
    caption: `${values.city}, earlier this year. Photograph: ${pick(rng, PHOTO_AGENCIES)}`,
    readMinutes: Math.max(3, Math.round(words / 45)),
    comments: rng.below(4) === 0 ? 0 : between(rng, 3, 480),
  }
}

/** Article URL slugs are cut at 80 characters. */
function slugOf(text: string): string {
  return slugify(text).slice(0, 80)
}
