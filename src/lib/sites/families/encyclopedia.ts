import type {SeededRandom} from '../../random/seeded-random.js'
import type {SolutionStep, Target} from '../../schema/solution.js'
import {answerMentions, normaliseAnswer} from '../check-helpers.js'
import {html, queryString, type Html} from '../html.js'
import type {ImageKind} from '../images.js'
import {aboutPage, breadcrumb, notFoundPage, page, pagination, type NavLink} from '../layout.js'
import {between, hashString, pick, rngFor, sample, shuffle} from '../random-pick.js'
import {htmlReply, redirect, route} from '../reply.js'
import type {CheckInput, FactDef, FixtureTaskDef, SiteContext, SiteFamily, SiteInfo, SiteReply, SiteRequest} from '../types.js'

// An online encyclopedia: generated articles with infoboxes, contents, long prose, data tables and internal links;
// full-text search with snippets, category pages with sortable member tables, a random article, a watchlist and a
// "report a problem" form. Each variant covers one topic: places (cities and rivers), chemical elements and their
// discoverers, or inventions and their inventors.

type Topic = 'places' | 'elements' | 'inventions'
type ArticleKind = 'city' | 'river' | 'element' | 'scientist' | 'invention' | 'inventor'

/** An internal link to another article. */
interface Link {
  slug: string
  text: string
}
type Segment = string | Link
type Paragraph = Segment[]

interface InfoRow {
  key: string
  label: string
  /** As shown, e.g. `412 km`. */
  text: string
  /** The bare value an answer must mention, e.g. `412`. */
  value: string
  /** For comparisons and sorting. */
  num?: number
  links?: Link[]
}

interface TableRow {
  key: string
  cells: Segment[]
}

interface DataTable {
  caption: string
  columns: string[]
  rows: TableRow[]
}

interface Section {
  id: string
  heading: string
  paragraphs: Paragraph[]
  table?: DataTable
}

interface Article {
  slug: string
  title: string
  kind: ArticleKind
  image: {kind: ImageKind; name: string; caption: string}
  lead: Paragraph[]
  infobox: InfoRow[]
  sections: Section[]
  seeAlso: Link[]
  references: string[]
  categories: string[]
  /** Variants of a "Did you know" line for the main page. */
  didYouKnow: Paragraph[]
  /** A dated event for the main page's "On this day" box. */
  milestone: {year: number; text: Paragraph}
  lastEdited: string
  /** Plain text of the whole article, for search and snippets. */
  plain: string
}

interface Category {
  slug: string
  name: string
  description: string
  kind: ArticleKind
  members: string[]
  /** Infobox keys shown as columns of the member table. */
  columns: string[]
}

interface Layout {
  sidebar: 'left' | 'right'
  tocInSidebar: boolean
  homeColumns: 2 | 3
  categoryView: 'table' | 'cards'
  resultImages: boolean
}

export interface EncyclopediaModel {
  topic: Topic
  subject: string
  tagline: string
  layout: Layout
  articles: Article[]
  categories: Category[]
  featured: string
  onThisDay: {date: string; items: Article['milestone'][]}
}

type ProblemType = 'factual' | 'outdated' | 'typo' | 'link'

interface ProblemReport {
  reference: string
  article: string
  problem: ProblemType
  details: string
  email: string
}

export interface EncyclopediaState {
  watchlist: string[]
  reports: ProblemReport[]
  randomDraws: number
}

const RESULTS_PER_PAGE = 10

const KIND_LABELS: Record<ArticleKind, {one: string; many: string}> = {
  city: {one: 'city', many: 'cities'},
  river: {one: 'river', many: 'rivers'},
  element: {one: 'chemical element', many: 'chemical elements'},
  scientist: {one: 'scientist', many: 'scientists'},
  invention: {one: 'invention', many: 'inventions'},
  inventor: {one: 'inventor', many: 'inventors'},
}

const PROBLEMS: {id: ProblemType; label: string}[] = [
  {id: 'factual', label: 'Factual error'},
  {id: 'outdated', label: 'Outdated information'},
  {id: 'typo', label: 'Spelling or grammar'},
  {id: 'link', label: 'Broken or wrong link'},
]

export const encyclopedia: SiteFamily<EncyclopediaModel, EncyclopediaState> = {
  id: 'encyclopedia',
  domain: 'Misc.',
  subdomain: 'General Info.',
  brandWords: {
    first: ['Codex', 'Quillmark', 'Sagewood', 'Inkwell', 'Polymath', 'Veritas', 'Scholia', 'Omnibus', 'Marginalia', 'Folio'],
    second: ['Wiki', 'Encyclopedia', 'Compendium', 'Lexicon', 'Almanac', 'Cyclopedia', 'Knowledge Base', 'Reference'],
  },
  model: makeModel,
  initialState: () => ({watchlist: [], reports: [], randomDraws: 0}),
  handle,
  tasks: makeTasks,
  classify: (_site, model) => (model.topic === 'places' ? {domain: 'Misc.', subdomain: 'General Info.'} : {domain: 'Science & Research', subdomain: 'Technology & Science'}),
}

// ---------------------------------------------------------------------------------------------------------------
// Word pools

const PLACE_START = ['Bren', 'Mar', 'Ost', 'Kal', 'Vel', 'Tor', 'Ash', 'Dun', 'Elm', 'Fen', 'Gal', 'Hav', 'Lin', 'Mor', 'Nor', 'Pell', 'Quen', 'Ros', 'Sal', 'Thorn', 'Ul', 'Var', 'Wes', 'Yar', 'Zel', 'Cor', 'Bel', 'Har']
const PLACE_END = ['holt', 'port', 'burg', 'ford', 'wick', 'haven', 'mere', 'stad', 'field', 'ton', 'dale', 'minster', 'bridge', 'by', 'gate', 'wold', 'cester', 'mouth']
const RIVER_START = ['Av', 'Sor', 'Tam', 'Lis', 'Ond', 'Mer', 'Ysk', 'Dra', 'Kel', 'Wen', 'Ril', 'Ust', 'Bran', 'Cal', 'Esk', 'Lod', 'Teav', 'Orr']
const RIVER_END = ['el', 'ne', 'ber', 'va', 'ra', 'et', 'ona', 'isk', 'ow', 'ence', 'ath', 'ore']
const COUNTRIES = ['Valdoria', 'Ostrevia', 'Kessmark', 'Lorania', 'Tavrenne', 'Halvonia', 'Brescovy', 'Marendia', 'Sylvara', 'Cordessa', 'Averland', 'Norrenmark']
const GIVEN = ['Ada', 'Emil', 'Henrietta', 'Oskar', 'Lidia', 'Tobias', 'Marguerite', 'Anton', 'Clara', 'Viktor', 'Ingrid', 'Felix', 'Rosalind', 'August', 'Helena', 'Matthias', 'Sofia', 'Leopold', 'Agnes', 'Jonas', 'Edith', 'Bertram', 'Olga', 'Casimir']
const FAMILY = ['Varga', 'Lindqvist', 'Brandt', 'Moreau', 'Kessler', 'Halloran', 'Novak', 'Duval', 'Eckhart', 'Sorensen', 'Marchetti', 'Albrecht', 'Rydberg', 'Castellan', 'Whitcombe', 'Ferreira', 'Ostrowski', 'Delacroix', 'Hartmann', 'Quill', 'Tennant', 'Vasari', 'Morland', 'Strand']
const ELEMENT_START = ['Vird', 'Calv', 'Ostr', 'Lunt', 'Ferv', 'Aurel', 'Bromw', 'Cyr', 'Dolm', 'Erv', 'Gald', 'Hesp', 'Ivor', 'Kald', 'Mord', 'Novar', 'Pell', 'Quor', 'Selv', 'Tarn', 'Ulv', 'Xyl', 'Yrr', 'Zeph']
const ELEMENT_END = ['ium', 'onium', 'inium', 'anum', 'orium', 'ellium', 'idium']
const ELEMENT_CLASSES = ['Transition metal', 'Alkaline earth metal', 'Lanthanide', 'Post-transition metal', 'Metalloid', 'Actinide']
const INVENTION_ADJ = ['Rotary', 'Pneumatic', 'Harmonic', 'Thermal', 'Magnetic', 'Optical', 'Hydraulic', 'Galvanic', 'Centrifugal', 'Acoustic', 'Electrostatic', 'Gyroscopic', 'Tidal', 'Compound']
const INVENTION_NOUN = ['Loom', 'Press', 'Telegraph', 'Lamp', 'Engine', 'Pump', 'Compass', 'Furnace', 'Recorder', 'Calculator', 'Kiln', 'Sextant', 'Regulator', 'Lathe', 'Battery', 'Semaphore']
const INVENTION_FIELDS = ['Textiles', 'Communication', 'Navigation', 'Energy', 'Metallurgy', 'Timekeeping', 'Printing', 'Agriculture']
const INDUSTRIES = ['textile', 'brewing', 'shipbuilding', 'printing', 'glassmaking', 'software', 'tourism', 'steel', 'pharmaceutical', 'timber', 'porcelain', 'logistics']
const MEANINGS = ['ford by the ash trees', 'market on the hill', 'harbour of the grey stones', 'settlement by the marsh', 'bridge of the elders', 'clearing in the oak wood', 'fortress at the bend', 'meadow of the herons']
const SEAS = ['the Marren Sea', 'the Gulf of Ardent', 'Lake Ossory', 'the Pale Sea', 'the Bay of Cindra', 'the Northern Ocean']
const FISH = ['grayling', 'brown trout', 'barbel', 'pike', 'European eel', 'sturgeon', 'chub', 'perch']
const FESTIVALS = ['Lantern Night', 'Harvest Fair', 'River Regatta', 'Winter Market', 'Midsummer Music Festival', 'Founders Day parade', 'Book Fair']
const OCCUPATIONS = ['Engineer', 'Clockmaker', 'Mechanic', 'Physicist', 'Industrialist', 'Instrument maker']
const SCIENCE_FIELDS = ['Chemistry', 'Physical chemistry', 'Mineralogy', 'Spectroscopy', 'Inorganic chemistry']
const PURPOSES = ['regulating steam pressure', 'winding thread', 'measuring distances at sea', 'the transmission of signals', 'grinding grain', 'casting type', 'cooling furnaces', 'sorting coins', 'ventilating mines', 'lighting streets']
const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December']
const PUBLISHERS = ['University Press', 'Academic Press', 'Historical Society', 'Scientific Publishing', 'Archive Editions']

// ---------------------------------------------------------------------------------------------------------------
// Small helpers

function fmt(n: number): string {
  return n.toLocaleString('en-US', {maximumFractionDigits: 2})
}

function fixed2(n: number): string {
  return n.toFixed(2)
}

function ordinal(n: number): string {
  const suffix = n % 100 >= 11 && n % 100 <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th')
  return `${n}${suffix}`
}

function century(year: number): number {
  return Math.floor((year - 1) / 100) + 1
}

function slugOf(title: string): string {
  return title.replace(/ /g, '_')
}

function imageName(title: string): string {
  return title.toLowerCase().replace(/[^a-z0-9]+/g, '-')
}

function linkTo(item: {slug: string; title: string}, text = item.title): Link {
  return {slug: item.slug, text}
}

function articleHref(slug: string): string {
  return `/wiki/${encodeURIComponent(slug)}`
}

/** A paragraph from a template whose values may be links; numbers are printed as they are (years stay bare). */
function para(strings: TemplateStringsArray, ...values: (string | number | Link)[]): Paragraph {
  const out: Segment[] = []
  const push = (segment: Segment) => {
    const last = out[out.length - 1]
    if (typeof segment === 'string' && typeof last === 'string') out[out.length - 1] = last + segment
    else if (segment !== '') out.push(segment)
  }
  strings.forEach((text, i) => {
    push(text)
    if (i < values.length) {
      const value = values[i]!
      push(typeof value === 'number' ? String(value) : value)
    }
  })
  return out
}

/** Appends sentences (already filled) to a paragraph. */
function withSentences(paragraph: Paragraph, sentences: string[]): Paragraph {
  return sentences.length === 0 ? paragraph : [...paragraph, ` ${sentences.join(' ')}`]
}

/** Items (links or runs of segments) joined as a list: `A, B and C`. */
function listOf(items: readonly (Segment | Segment[])[]): Segment[] {
  const out: Segment[] = []
  items.forEach((item, i) => {
    if (i > 0) out.push(i === items.length - 1 ? ' and ' : ', ')
    out.push(...(Array.isArray(item) ? item : [item]))
  })
  return out
}

function wordList(words: readonly string[]): string {
  return words.length <= 1 ? words.join('') : `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`
}

function plainText(segments: Segment[]): string {
  return segments.map((segment) => (typeof segment === 'string' ? segment : segment.text)).join('')
}

function uniqueNames(count: number, make: () => string, taken: Set<string> = new Set()): string[] {
  const names: string[] = []
  for (let tries = 0; names.length < count && tries < count * 200; tries++) {
    const name = make()
    if (taken.has(name)) continue
    taken.add(name)
    names.push(name)
  }
  return names
}

function personName(rng: SeededRandom): string {
  return `${pick(rng, GIVEN)} ${pick(rng, FAMILY)}`
}

function townName(rng: SeededRandom): string {
  return pick(rng, PLACE_START) + pick(rng, PLACE_END)
}

/** Filler sentences about one article's subject, never the same sentence twice in the article. */
class Prose {
  private readonly used = new Set<string>()
  constructor(
    private readonly rng: SeededRandom,
    private readonly subject: string,
  ) {}

  take(pool: readonly ((subject: string) => string)[], count: number): string[] {
    const fresh = pool.map((sentence) => sentence(this.subject)).filter((sentence) => !this.used.has(sentence))
    const chosen = sample(this.rng, fresh, count)
    for (const sentence of chosen) this.used.add(sentence)
    return chosen
  }
}

function editedDate(rng: SeededRandom): string {
  return `${between(rng, 1, 28)} ${pick(rng, MONTHS.slice(0, 5))} 2026`
}

function infoRow(key: string, label: string, text: string, value = text, num?: number): InfoRow {
  return {key, label, text, value, num}
}

function linkRow(key: string, label: string, links: Link[]): InfoRow {
  return {key, label, text: links.map((l) => l.text).join(', '), value: links.map((l) => l.text).join(', '), links}
}

function reference(rng: SeededRandom, subject: string): string {
  return `${pick(rng, FAMILY)}, ${pick(rng, GIVEN).charAt(0)}. (${between(rng, 1962, 2024)}). ${subject}. ${pick(rng, COUNTRIES)} ${pick(rng, PUBLISHERS)}. p. ${between(rng, 12, 480)}.`
}

interface ArticleDraft extends Omit<Article, 'plain' | 'categories'> {
  categories?: string[]
}

function finish(draft: ArticleDraft): Article {
  const parts = [
    draft.title,
    ...draft.lead.map(plainText),
    ...draft.sections.flatMap((s) => [s.heading, ...s.paragraphs.map(plainText), ...(s.table ? s.table.rows.map((r) => plainText(r.cells)) : [])]),
    ...draft.infobox.map((row) => `${row.label} ${row.text}`),
  ]
  return {...draft, categories: draft.categories ?? [], plain: parts.join('\n')}
}

// ---------------------------------------------------------------------------------------------------------------
// Model

const TOPICS: Topic[] = ['places', 'elements', 'inventions']

function makeModel(site: SiteInfo, rng: SeededRandom): EncyclopediaModel {
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
  for (const category of built.categories) for (const slug of category.members) articles.find((a) => a.slug === slug)?.categories.push(category.slug)
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
    onThisDay: {date: dateLabel, items: sample(rng, articles, 5).map((a) => a.milestone).sort((a, b) => a.year - b.year)},
  }
}

interface Built {
  subject: string
  tagline: string
  primary: ArticleKind
  articles: Article[]
  categories: Category[]
}

function category(name: string, kind: ArticleKind, description: string, members: string[], columns: string[]): Category {
  return {slug: slugOf(name), name, kind, description, members, columns}
}

// --- Places: cities and rivers ----------------------------------------------------------------------------------

interface City {
  title: string
  slug: string
  region: string
  founded: number
  population: number
  area: number
  elevation: number
  mayor: string
  founder: string
  postal: string
  river: River
  distance: number
  twin: City | null
  twinSince: number
  history: {year: number; population: number}[]
  industries: string[]
  festival: string
  rank: number
}

interface River {
  title: string
  slug: string
  name: string
  length: number
  discharge: number
  basin: number
  source: string
  mouth: string
  tributaries: string[]
  cities: City[]
}

const CENSUS_YEARS = [1900, 1925, 1950, 1975, 2000, 2020]

function buildPlaces(rng: SeededRandom): Built {
  const regions = sample(rng, COUNTRIES, 4)
  const riverNames = uniqueNames(12, () => pick(rng, RIVER_START) + pick(rng, RIVER_END))
  const sources = uniqueNames(8, () => `${pick(rng, ['Mount', 'Lake', 'Mount'])} ${pick(rng, PLACE_START)}${pick(rng, ['an', 'ir', 'eth', 'ow', 'ar'])}`)
  const rivers: River[] = riverNames.slice(0, 8).map((name, i) => ({
    title: `${name} River`,
    slug: slugOf(`${name} River`),
    name,
    length: between(rng, 95, 1380),
    discharge: between(rng, 35, 2400),
    basin: between(rng, 18, 1400) * 100,
    source: sources[i]!,
    mouth: pick(rng, SEAS),
    tributaries: sample(rng, riverNames.slice(8), between(rng, 2, 3)),
    cities: [],
  }))
  const cityNames = uniqueNames(24, () => townName(rng))
  const mayors = uniqueNames(24, () => personName(rng))
  const cities: City[] = cityNames.map((title, i) => {
    const river = i < rivers.length * 2 ? rivers[i % rivers.length]! : pick(rng, rivers)
    const founded = between(rng, 780, 1820)
    const population = Math.round(Math.exp(Math.log(8000) + rng.nextFloat() * Math.log(2_400_000 / 8000)) / 10) * 10
    const city: City = {
      title,
      slug: slugOf(title),
      region: pick(rng, regions),
      founded,
      population,
      area: between(rng, 12, 640),
      elevation: between(rng, 2, 1450),
      mayor: mayors[i]!,
      founder: pick(rng, [`the merchant ${personName(rng)}`, `Count ${pick(rng, GIVEN)} of ${pick(rng, regions)}`, 'monks of the Order of Saint Aldric', `the knight ${personName(rng)}`]),
      postal: String(between(rng, 10, 98) * 1000 + between(rng, 0, 99) * 10),
      river,
      distance: 0,
      twin: null,
      twinSince: between(rng, 1952, 2004),
      history: populationHistory(rng, population),
      industries: sample(rng, INDUSTRIES, 3),
      festival: pick(rng, FESTIVALS),
      rank: 0,
    }
    river.cities.push(city)
    return city
  })
  for (const river of rivers) {
    const distances = uniqueNames(river.cities.length, () => String(between(rng, 4, river.length - 4))).map(Number).sort((a, b) => a - b)
    shuffle(rng, river.cities).forEach((city, i) => (city.distance = distances[i]!))
    river.cities.sort((a, b) => a.distance - b.distance)
  }
  const paired = shuffle(rng, [...cities])
  for (let i = 0; i + 1 < paired.length; i += 2) {
    paired[i]!.twin = paired[i + 1]!
    paired[i + 1]!.twin = paired[i]!
    paired[i + 1]!.twinSince = paired[i]!.twinSince
  }
  for (const region of regions)
    cities
      .filter((c) => c.region === region)
      .sort((a, b) => b.population - a.population)
      .forEach((c, i) => (c.rank = i + 1))
  const articles = [...cities.map((c) => cityArticle(rng, c)), ...rivers.map((r) => riverArticle(rng, r))]
  const cityColumns = ['region', 'founded', 'population', 'area', 'elevation']
  const riverColumns = ['length', 'discharge', 'basin']
  const categories = [
    category('Cities', 'city', 'All cities described in this encyclopedia, with their key figures from the 2020 census.', cities.map((c) => c.slug), cityColumns),
    category('Rivers', 'river', 'Rivers and major streams, with their length, mean discharge and drainage basin.', rivers.map((r) => r.slug), riverColumns),
    ...regions.map((region) => category(`Cities in ${region}`, 'city', `Cities and towns in the region of ${region}.`, cities.filter((c) => c.region === region).map((c) => c.slug), cityColumns)),
    ...regions.map((region) => category(`Rivers of ${region}`, 'river', `Rivers that flow through ${region}.`, rivers.filter((r) => r.cities.some((c) => c.region === region)).map((r) => r.slug), riverColumns)),
    ...[9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19].map((n) =>
      category(`Cities founded in the ${ordinal(n)} century`, 'city', `Cities whose founding is dated to the ${ordinal(n)} century.`, cities.filter((c) => century(c.founded) === n).map((c) => c.slug), cityColumns),
    ),
  ]
  return {subject: `the cities and rivers of ${wordList(regions)}`, tagline: 'Cities, rivers and regions', primary: 'city', articles, categories}
}

function populationHistory(rng: SeededRandom, latest: number): {year: number; population: number}[] {
  const values = [latest]
  for (let i = CENSUS_YEARS.length - 2; i >= 0; i--) values.unshift(Math.max(800, Math.round(values[0]! / (0.88 + rng.nextFloat() * 0.5) / 10) * 10))
  return CENSUS_YEARS.map((year, i) => ({year, population: values[i]!}))
}

const CITY_HISTORY: readonly ((t: string) => string)[] = [
  (t) => `Archival records describe ${t} as a modest but prosperous market settlement during this period.`,
  (t) => `Guild registers from the period list weavers, coopers and tanners among the leading trades of ${t}.`,
  (t) => `The old town of ${t} retains much of its medieval street plan, including two of the original gates.`,
  (t) => `Plague and famine reduced the population of ${t} by almost a third in the following century.`,
  () => `Several churches and a covered market hall survive from this era.`,
  (t) => `Historians have debated the exact boundaries of early ${t}, as few maps survive from before the sixteenth century.`,
  () => `The town council met in the upper hall of the cloth market until a proper town hall was built.`,
  (t) => `Merchants from ${t} traded salt, wool and timber with towns along the coast.`,
  (t) => `During the wars of the seventeenth century ${t} changed hands several times and was twice besieged.`,
  (t) => `A Latin school was founded in ${t} shortly after the Reformation and still exists as a grammar school.`,
  () => `The city walls were demolished in the nineteenth century and replaced by a ring of boulevards and parks.`,
  () => `Much of the historic centre was carefully restored after the Second World War.`,
]
const CITY_GEOGRAPHY: readonly ((t: string) => string)[] = [
  () => `The surrounding countryside is dominated by farmland, orchards and mixed woodland.`,
  (t) => `Several small streams cross the municipality of ${t} before joining the main river.`,
  () => `The historic centre sits on a low terrace above the flood plain, which protected it from most floods.`,
  (t) => `Summers in ${t} are warm and winters are cool, with most rain falling in autumn.`,
  () => `Parks and green spaces cover roughly a fifth of the city's area.`,
  () => `The municipality is divided into eleven districts, the oldest of which is the walled old town.`,
  (t) => `A chain of low wooded hills shelters ${t} from the prevailing westerly winds.`,
  () => `Fog is common in the river valley during the autumn months.`,
]
const CITY_ECONOMY: readonly ((t: string) => string)[] = [
  (t) => `The service sector now employs the majority of the working population of ${t}.`,
  (t) => `A business park on the eastern edge of ${t} houses several logistics firms.`,
  () => `Tourism has grown steadily since the restoration of the old town in the 1990s.`,
  () => `Small and medium-sized family firms remain an important part of the local economy.`,
  () => `The weekly market on the main square has been held without interruption for centuries.`,
  (t) => `Unemployment in ${t} has been below the regional average for most of the past two decades.`,
  () => `A technical college trains apprentices for the region's manufacturers.`,
  () => `The harbour on the river handles grain, gravel and containers.`,
]
const CITY_CULTURE: readonly ((t: string) => string)[] = [
  (t) => `The municipal museum of ${t} holds collections of local archaeology, crafts and painting.`,
  () => `A theatre and a concert hall offer a full programme throughout the season.`,
  () => `The city's football club plays in the second division of the regional league.`,
  (t) => `Local cuisine in ${t} is known for smoked fish, rye bread and honey cakes.`,
  () => `The public library, founded in the nineteenth century, holds more than 200,000 volumes.`,
  (t) => `The cathedral choir of ${t} is among the oldest in the region.`,
  () => `Street musicians and craft stalls fill the market square on summer weekends.`,
  () => `An open-air museum on the edge of town preserves farmhouses moved from the surrounding villages.`,
]

function cityArticle(rng: SeededRandom, c: City): Article {
  const prose = new Prose(rng, c.title)
  const river = linkTo(c.river)
  const twin = c.twin ? linkTo(c.twin) : null
  const rankText = c.rank === 1 ? 'the largest city' : `the ${ordinal(c.rank)} largest city`
  const charter = c.founded + between(rng, 20, 140)
  const fire = Math.min(1880, charter + between(rng, 60, 300))
  const railway = between(rng, 1846, 1889)
  const oldForm = `${c.title.slice(0, 3)}e${c.title.slice(3).toLowerCase()}`
  const history = c.history
  const rows: TableRow[] = history.map((h, i) => {
    const previous = history[i - 1]
    const change = previous ? `${h.population >= previous.population ? '+' : '−'}${Math.abs(((h.population - previous.population) / previous.population) * 100).toFixed(1)}%` : '—'
    return {key: String(h.year), cells: [String(h.year), fmt(h.population), change]}
  })
  const infobox: InfoRow[] = [
    infoRow('region', 'Region', c.region),
    infoRow('founded', 'Founded', String(c.founded), String(c.founded), c.founded),
    infoRow('mayor', 'Mayor', c.mayor),
    infoRow('area', 'Area', `${fmt(c.area)} km²`, fmt(c.area), c.area),
    infoRow('elevation', 'Elevation', `${fmt(c.elevation)} m`, fmt(c.elevation), c.elevation),
    infoRow('population', 'Population (2020)', fmt(c.population), fmt(c.population), c.population),
    infoRow('density', 'Density', `${fmt(Math.round(c.population / c.area))}/km²`),
    linkRow('river', 'River', [river]),
    ...(twin ? [linkRow('twin', 'Twin town', [twin])] : []),
    infoRow('postal', 'Postal code', c.postal),
  ]
  const sections: Section[] = [
    {id: 'Etymology', heading: 'Etymology', paragraphs: [withSentences(para`The name ${c.title} is first recorded in ${c.founded + between(rng, 3, 40)} in the form "${oldForm}", usually explained as "${pick(rng, MEANINGS)}". Later spellings vary widely in the archives of ${c.region}, and the modern form was fixed by the regional chancery in the seventeenth century.`, prose.take(CITY_HISTORY, 1))]},
    {
      id: 'History',
      heading: 'History',
      paragraphs: [
        withSentences(para`${c.title} was founded in ${c.founded} by ${c.founder}, at a crossing of the ${river}. The settlement received a town charter in ${charter}, and its first stone walls were completed within a generation.`, prose.take(CITY_HISTORY, 2)),
        withSentences(para`A great fire in ${fire} destroyed much of the old town, which was rebuilt in stone. The railway reached ${c.title} in ${railway}, and the decades that followed brought rapid industrial growth, above all in the ${c.industries[0]!} trade.`, prose.take(CITY_HISTORY, 1)),
        para`In the twentieth century the city expanded well beyond its walls. New districts were laid out to the north and east, and the population rose from ${fmt(history[0]!.population)} in 1900 to ${fmt(c.population)} in 2020.`,
      ],
    },
    {
      id: 'Geography',
      heading: 'Geography',
      paragraphs: [
        withSentences(para`${c.title} lies on the ${river}, ${c.distance} kilometres downstream from its source at ${c.river.source}, at an elevation of ${fmt(c.elevation)} metres above sea level. The municipality covers an area of ${fmt(c.area)} square kilometres in the region of ${c.region}.`, prose.take(CITY_GEOGRAPHY, 2)),
        para`The climate is temperate, with a mean January temperature of ${between(rng, -6, 4)} °C and a mean July temperature of ${between(rng, 16, 24)} °C. Annual precipitation averages ${between(rng, 480, 1100)} millimetres.`,
      ],
    },
    {
      id: 'Demographics',
      heading: 'Demographics',
      paragraphs: [para`At the 2020 census ${c.title} had ${fmt(c.population)} inhabitants, making it ${rankText} in ${c.region}. The population density is about ${fmt(Math.round(c.population / c.area))} inhabitants per square kilometre. The table below shows the population recorded at each census since 1900.`],
      table: {caption: 'Historical population', columns: ['Year', 'Population', 'Change'], rows},
    },
    {id: 'Economy', heading: 'Economy', paragraphs: [withSentences(para`The economy of ${c.title} has traditionally rested on ${c.industries[0]!}, ${c.industries[1]!} and ${c.industries[2]!}. The largest employer is the ${pick(rng, FAMILY)} ${c.industries[1]!} works, founded in ${between(rng, 1850, 1960)}.`, prose.take(CITY_ECONOMY, 3))]},
    {
      id: 'Culture',
      heading: 'Culture',
      paragraphs: [
        withSentences(twin ? para`${c.title} has been twinned with ${twin} since ${c.twinSince}. Every year the city hosts the ${c.festival}, which draws visitors from across ${c.region}.` : para`Every year the city hosts the ${c.festival}, which draws visitors from across ${c.region}.`, prose.take(CITY_CULTURE, 3)),
      ],
    },
    {id: 'Transport', heading: 'Transport', paragraphs: [para`${c.title} station is served by regional trains and, since ${between(rng, 1990, 2019)}, by express services. A ring road carries through traffic around the old town, and river boats on the ${river} link the city with neighbouring towns during the summer months.`]},
  ]
  return finish({
    slug: c.slug,
    title: c.title,
    kind: 'city',
    image: {kind: 'photo', name: imageName(c.title), caption: `View of ${c.title} from the ${c.river.title}`},
    lead: [
      para`${c.title} is a city in the region of ${c.region}, situated on the ${river} at an elevation of ${fmt(c.elevation)} metres. Founded in ${c.founded}, it had a population of ${fmt(c.population)} at the 2020 census, making it ${rankText} in ${c.region}.`,
      twin ? para`The city is known for its ${c.industries[0]!} and ${c.industries[1]!} industries and for the annual ${c.festival}. It has been twinned with ${twin} since ${c.twinSince}.` : para`The city is known for its ${c.industries[0]!} and ${c.industries[1]!} industries and for the annual ${c.festival}.`,
    ],
    infobox,
    sections,
    seeAlso: [river, ...(twin ? [twin] : [])],
    references: [reference(rng, `A History of ${c.title}`), reference(rng, `Towns of ${c.region}`), reference(rng, `Census of ${c.region} 2020`)],
    didYouKnow: [para`… that ${linkTo(c)} was founded in ${c.founded} by ${c.founder}?`, para`… that the ${c.festival} of ${linkTo(c)} draws visitors from across ${c.region}?`, para`… that ${linkTo(c)} lies ${fmt(c.elevation)} metres above sea level?`],
    milestone: {year: c.founded, text: para`${linkTo(c)} is founded by ${c.founder}.`},
    lastEdited: editedDate(rng),
  })
}

const RIVER_FILLERS: readonly ((t: string) => string)[] = [
  (t) => `Water quality in the ${t} has improved markedly since treatment plants were built along its banks in the 1980s.`,
  (t) => `Spring floods on the ${t} were once common, but dams and levees now control most of them.`,
  (t) => `The valley of the ${t} is a popular route for cyclists and hikers.`,
  () => `Gravel banks along the middle course provide nesting sites for terns and plovers.`,
  (t) => `Several water mills once stood on the banks of the ${t}, and two of them have been restored.`,
  (t) => `In its upper course the ${t} runs through a narrow gorge with several small waterfalls.`,
  (t) => `Below the last weir the ${t} widens into a slow, meandering lowland river.`,
  () => `The river freezes over in severe winters, most recently in 1963.`,
  (t) => `Ferries still cross the ${t} at three places where no bridge has been built.`,
  () => `Locks built in the nineteenth century allow barges to pass the rapids on the middle course.`,
  (t) => `Archaeologists have found the remains of wooden pile dwellings on the banks of the ${t}.`,
  (t) => `The ${t} has inspired painters and poets, and appears on the coat of arms of several towns.`,
]

function riverArticle(rng: SeededRandom, r: River): Article {
  const prose = new Prose(rng, r.name)
  const cities = r.cities
  const largest = [...cities].sort((a, b) => b.population - a.population)[0]!
  const regions = [...new Set(cities.map((c) => c.region))]
  const infobox: InfoRow[] = [
    infoRow('regions', 'Regions', regions.join(', ')),
    infoRow('source', 'Source', r.source),
    infoRow('mouth', 'Mouth', r.mouth.replace(/^the /, '')),
    infoRow('length', 'Length', `${fmt(r.length)} km`, fmt(r.length), r.length),
    infoRow('discharge', 'Discharge', `${fmt(r.discharge)} m³/s`, fmt(r.discharge), r.discharge),
    infoRow('basin', 'Basin size', `${fmt(r.basin)} km²`, fmt(r.basin), r.basin),
    infoRow('tributaries', 'Tributaries', r.tributaries.join(', ')),
    linkRow('largest', 'Largest city', [linkTo(largest)]),
  ]
  const rows: TableRow[] = cities.map((c) => ({key: c.slug, cells: [linkTo(c), c.region, `${c.distance} km`, pick(rng, ['left', 'right'])]}))
  const bridges = between(rng, 1180, 1620)
  return finish({
    slug: r.slug,
    title: r.title,
    kind: 'river',
    image: {kind: 'map', name: imageName(r.title), caption: `Course of the ${r.title}`},
    lead: [
      para`The ${r.title} is a river in ${regions.join(', ')}, ${fmt(r.length)} kilometres long. It rises at ${r.source} and flows into ${r.mouth}. The largest city on its banks is ${linkTo(largest)}.`,
      para`The ${r.name} drains a basin of ${fmt(r.basin)} square kilometres and has a mean discharge of ${fmt(r.discharge)} cubic metres per second at its mouth.`,
    ],
    infobox,
    sections: [
      {id: 'Course', heading: 'Course', paragraphs: [withSentences([...para`From its source at ${r.source}, the ${r.name} flows through ${regions.join(' and ')} and passes `, ...listOf(cities.map((c) => linkTo(c))), ...para` before reaching ${r.mouth}.`], prose.take(RIVER_FILLERS, 3))]},
      {id: 'Hydrology', heading: 'Hydrology', paragraphs: [withSentences(para`The mean discharge of the ${r.name} is ${fmt(r.discharge)} m³/s. Its main tributaries are the ${r.tributaries.join(', the ')}. The highest water levels usually occur in ${pick(rng, ['March', 'April', 'May'])}, after the snow melts in the uplands.`, prose.take(RIVER_FILLERS, 3))]},
      {id: 'Settlements', heading: 'Settlements', paragraphs: [para`The following settlements lie on the ${r.name}, listed from the source downstream, with their distance from the source.`], table: {caption: `Settlements along the ${r.title}`, columns: ['Settlement', 'Region', 'Distance from source', 'Bank'], rows}},
      {id: 'History', heading: 'History', paragraphs: [withSentences(para`The first permanent bridge across the ${r.name} was built in ${bridges}. The river was made navigable for barges up to ${linkTo(cities[cities.length - 1]!)} in ${between(rng, 1750, 1890)}.`, prose.take(RIVER_FILLERS, 1))]},
      {id: 'Ecology', heading: 'Ecology', paragraphs: [withSentences(para`The ${r.name} supports populations of ${wordList(sample(rng, FISH, 3))}. Parts of its valley are protected as nature reserves.`, prose.take(RIVER_FILLERS, 2))]},
    ],
    seeAlso: cities.slice(0, 3).map((c) => linkTo(c)),
    references: [reference(rng, `Rivers of ${regions[0]!}`), reference(rng, `Hydrological Yearbook`)],
    didYouKnow: [para`… that the ${linkTo(r)} is ${fmt(r.length)} kilometres long and rises at ${r.source}?`, para`… that the first permanent bridge over the ${linkTo(r)} was built in ${bridges}?`],
    milestone: {year: bridges, text: para`The first permanent bridge across the ${linkTo(r)} is completed.`},
    lastEdited: editedDate(rng),
  })
}

// --- People (scientists and inventors share the shape) ----------------------------------------------------------

interface Person {
  title: string
  slug: string
  born: number
  died: number
  birthplace: string
  country: string
  mentor: Person | null
  students: Person[]
  /** Scientist: institution; inventor: company. */
  affiliation: string
  /** Scientist: field; inventor: occupation. */
  role: string
  table: TableRow[]
}

function makePeople(rng: SeededRandom, count: number, firstBorn: number, lastBorn: number, affiliation: (town: string, country: string, name: string) => string, roles: readonly string[]): Person[] {
  const names = uniqueNames(count, () => personName(rng))
  const births = uniqueNames(count, () => String(between(rng, firstBorn, lastBorn))).map(Number).sort((a, b) => a - b)
  const people: Person[] = names.map((title, i) => {
    const birthplace = townName(rng)
    const country = pick(rng, COUNTRIES)
    return {title, slug: slugOf(title), born: births[i]!, died: births[i]! + between(rng, 52, 88), birthplace, country, mentor: null, students: [], affiliation: affiliation(townName(rng), country, title), role: pick(rng, roles), table: []}
  })
  for (const person of people) {
    const candidates = people.filter((p) => person.born - p.born >= 16 && person.born - p.born <= 50)
    if (candidates.length > 0) {
      person.mentor = pick(rng, candidates)
      person.mentor.students.push(person)
    }
  }
  return people
}

function distinctYears(rng: SeededRandom, count: number, from: number, to: number, taken: Set<string>): number[] {
  return uniqueNames(count, () => String(between(rng, from, Math.max(from, to))), taken).map(Number)
}

// --- Elements and scientists -------------------------------------------------------------------------------------

interface Element {
  title: string
  slug: string
  symbol: string
  number: number
  mass: number
  group: number
  period: number
  classLabel: string
  discoverer: Person
  year: number
  melting: number
  boiling: number
  density: number
  namedAfter: string
  appearance: string
  isotopes: {mass: number; abundance: string; halfLife: string}[]
  previous: Element | null
  next: Element | null
}

function buildElements(rng: SeededRandom): Built {
  const scientists = makePeople(rng, 12, 1730, 1880, (town, country) => pick(rng, [`University of ${town}`, `${town} Institute of Technology`, `Royal Academy of Sciences of ${country}`, `${town} Polytechnic`]), SCIENCE_FIELDS)
  const names = uniqueNames(24, () => pick(rng, ELEMENT_START) + pick(rng, ELEMENT_END))
  const numbers = uniqueNames(24, () => String(between(rng, 21, 112))).map(Number).sort((a, b) => a - b)
  const symbols = new Set<string>()
  const meltings = new Set<string>()
  const elements: Element[] = shuffle(rng, names).map((title, i) => {
    const number = numbers[i]!
    const discoverer = i < scientists.length ? scientists[i]! : pick(rng, scientists)
    const melting = Number(uniqueNames(1, () => String(between(rng, 180, 3400)), meltings)[0])
    return {
      title,
      slug: slugOf(title),
      symbol: symbolFor(title, symbols),
      number,
      mass: Math.round((number * 2.45 + rng.nextFloat() * 3) * 100) / 100,
      group: between(rng, 3, 16),
      period: [2, 10, 18, 36, 54, 86, 118].findIndex((limit) => number <= limit) + 1,
      classLabel: pick(rng, ELEMENT_CLASSES),
      discoverer,
      year: discoverer.born + between(rng, 24, Math.min(60, discoverer.died - discoverer.born - 2)),
      melting,
      boiling: melting + between(rng, 300, 2800),
      density: Math.round((1.2 + rng.nextFloat() * 21) * 100) / 100,
      namedAfter: pick(rng, [`the ${pick(rng, COUNTRIES)} region`, `the Greek word for "${pick(rng, ['violet', 'heavy', 'hidden', 'bright', 'green', 'stubborn'])}"`, `the town of ${townName(rng)}`, `the planet ${pick(rng, ['Saturn', 'Jupiter', 'Mars', 'Venus'])}`]),
      appearance: pick(rng, ['silvery-grey', 'lustrous white', 'bluish-grey', 'pale golden', 'greyish black']),
      isotopes: [],
      previous: null,
      next: null,
    }
  })
  elements.sort((a, b) => a.number - b.number)
  elements.forEach((e, i) => {
    e.previous = elements[i - 1] ?? null
    e.next = elements[i + 1] ?? null
    e.isotopes = isotopesFor(rng, e.mass)
  })
  for (const s of scientists) {
    const taken = new Set<string>()
    const years = distinctYears(rng, between(rng, 3, 5), s.born + 28, s.died - 1, taken).sort((a, b) => a - b)
    const honours = shuffle(rng, [`Gold Medal of the ${s.country} Chemical Society`, `${pick(rng, FAMILY)} Prize for Chemistry`, `Fellowship of the Royal Society of ${pick(rng, COUNTRIES)}`, `Order of Merit of ${s.country}`, `Honorary doctorate, University of ${townName(rng)}`, `${pick(rng, FAMILY)} Medal`])
    s.table = years.map((year, i) => ({key: String(year), cells: [String(year), honours[i]!]}))
  }
  const articles = [...elements.map((e) => elementArticle(rng, e)), ...scientists.map((s) => scientistArticle(rng, s, elements.filter((e) => e.discoverer === s)))]
  const elementColumns = ['symbol', 'number', 'mass', 'melting', 'density']
  const scientistColumns = ['born', 'died', 'institution']
  const categories = [
    category('Chemical elements', 'element', 'Every chemical element with an article here, with its basic physical properties.', elements.map((e) => e.slug), elementColumns),
    category('Chemists', 'scientist', 'Chemists and physicists credited with the discovery of elements.', scientists.map((s) => s.slug), scientistColumns),
    ...ELEMENT_CLASSES.map((label) => category(`${label}s`, 'element', `Elements classified as ${label.toLowerCase()}s.`, elements.filter((e) => e.classLabel === label).map((e) => e.slug), elementColumns)),
    ...[18, 19, 20].map((n) => category(`Elements discovered in the ${ordinal(n)} century`, 'element', `Elements first isolated in the ${ordinal(n)} century.`, elements.filter((e) => century(e.year) === n).map((e) => e.slug), elementColumns)),
    ...SCIENCE_FIELDS.map((field) => category(`Scientists in ${field.toLowerCase()}`, 'scientist', `Scientists whose main field was ${field.toLowerCase()}.`, scientists.filter((s) => s.role === field).map((s) => s.slug), scientistColumns)),
    ...COUNTRIES.map((country) => category(`Scientists from ${country}`, 'scientist', `Scientists born or working in ${country}.`, scientists.filter((s) => s.country === country).map((s) => s.slug), scientistColumns)),
  ]
  return {subject: 'the chemical elements and the chemists who discovered them', tagline: 'Elements, discoveries and the people behind them', primary: 'element', articles, categories}
}

function symbolFor(name: string, taken: Set<string>): string {
  const letters = name.toLowerCase().slice(1).replace(/[aeiou]/g, '') + name.toLowerCase().slice(1)
  for (const letter of letters) {
    const symbol = name.charAt(0).toUpperCase() + letter
    if (!taken.has(symbol)) {
      taken.add(symbol)
      return symbol
    }
  }
  for (const letter of 'bcdfghjklmnpqrstvwxz') {
    const symbol = name.charAt(0).toUpperCase() + letter
    if (!taken.has(symbol)) {
      taken.add(symbol)
      return symbol
    }
  }
  return name.slice(0, 3)
}

function isotopesFor(rng: SeededRandom, mass: number): Element['isotopes'] {
  const base = Math.round(mass)
  const stable = between(rng, 1, 2)
  const first = stable === 1 ? 100 : between(rng, 52, 96)
  const masses = [...new Set([base, base + between(rng, 1, 2), base - between(rng, 1, 3), base + between(rng, 3, 5)])]
  return masses.slice(0, between(rng, 3, masses.length)).map((m, i) => ({
    mass: m,
    abundance: i < stable ? `${i === 0 ? first : 100 - first}%` : 'synthetic',
    halfLife: i < stable ? 'stable' : `${(rng.nextFloat() * 90 + 0.5).toFixed(1)} ${pick(rng, ['days', 'years', 'hours', 'minutes'])}`,
  }))
}

const ELEMENT_FILLERS: readonly ((t: string) => string)[] = [
  (t) => `Like many of its neighbours in the periodic table, ${t} tarnishes slowly in moist air.`,
  (t) => `Finely divided ${t} is pyrophoric and must be handled under an inert atmosphere.`,
  () => `Its compounds are typically brightly coloured, which made early identification easier.`,
  (t) => `Spectral lines of ${t} were catalogued long before the pure metal was obtained in quantity.`,
  (t) => `World production of ${t} is small, and most of it comes from the refining of other metals.`,
  (t) => `The most common oxidation states of ${t} are +2 and +3.`,
  (t) => `Pure ${t} is soft enough to be cut with a steel blade when freshly prepared.`,
  () => `It dissolves readily in dilute acids, releasing hydrogen.`,
  () => `Its oxide forms a thin protective layer that slows further corrosion.`,
  (t) => `The claim to the discovery of ${t} was disputed for several years before it was confirmed by independent analysis.`,
  (t) => `Early samples of ${t} were contaminated with neighbouring elements, and their measured properties varied widely.`,
  (t) => `Most ${t} today is recovered as a by-product of refining copper and zinc ores.`,
  (t) => `Compounds of ${t} are of low toxicity, but the dust should not be inhaled.`,
  (t) => `Research into ${t} alloys intensified after the Second World War.`,
]

function elementArticle(rng: SeededRandom, e: Element): Article {
  const prose = new Prose(rng, e.title.toLowerCase())
  const discoverer = linkTo(e.discoverer)
  const infobox: InfoRow[] = [
    infoRow('symbol', 'Symbol', e.symbol),
    infoRow('number', 'Atomic number', String(e.number), String(e.number), e.number),
    infoRow('mass', 'Standard atomic weight', fixed2(e.mass), fixed2(e.mass), e.mass),
    infoRow('class', 'Element category', e.classLabel),
    infoRow('group', 'Group', String(e.group)),
    infoRow('period', 'Period', String(e.period)),
    infoRow('appearance', 'Appearance', e.appearance),
    infoRow('melting', 'Melting point', `${fmt(e.melting)} °C`, fmt(e.melting), e.melting),
    infoRow('boiling', 'Boiling point', `${fmt(e.boiling)} °C`, fmt(e.boiling), e.boiling),
    infoRow('density', 'Density', `${fixed2(e.density)} g/cm³`, fixed2(e.density), e.density),
    linkRow('discoverer', 'Discovered by', [discoverer]),
    infoRow('year', 'First isolated', String(e.year), String(e.year), e.year),
    ...(e.previous ? [linkRow('previous', 'Preceded by', [linkTo(e.previous)])] : []),
    ...(e.next ? [linkRow('next', 'Followed by', [linkTo(e.next)])] : []),
  ]
  const rows: TableRow[] = e.isotopes.map((iso) => ({key: String(iso.mass), cells: [`${e.title.toLowerCase()}-${iso.mass}`, iso.abundance, iso.halfLife]}))
  return finish({
    slug: e.slug,
    title: e.title,
    kind: 'element',
    image: {kind: 'logo', name: `${e.symbol.toLowerCase()}-${imageName(e.title)}`, caption: `${e.title} (${e.symbol}) in the periodic table`},
    lead: [
      para`${e.title} is a chemical element with the symbol ${e.symbol} and atomic number ${e.number}. It is a ${e.appearance} ${e.classLabel.toLowerCase()} with a standard atomic weight of ${fixed2(e.mass)}.`,
      para`${e.title} was first isolated in ${e.year} by the scientist ${discoverer}. It is named after ${e.namedAfter}.`,
    ],
    infobox,
    sections: [
      {id: 'History', heading: 'History', paragraphs: [withSentences(para`Traces of an unknown substance in ores from ${townName(rng)} had puzzled mineralogists for decades before ${discoverer} succeeded in isolating ${e.title.toLowerCase()} in ${e.year}. The new element was named after ${e.namedAfter}.`, prose.take(ELEMENT_FILLERS, 2)), withSentences(para`The announcement was made in a paper read before the academy in the autumn of ${e.year}, and a small ingot of the metal was exhibited the following spring.`, prose.take(ELEMENT_FILLERS, 2))]},
      {
        id: 'Characteristics',
        heading: 'Characteristics',
        paragraphs: [
          withSentences(para`${e.title} melts at ${fmt(e.melting)} °C and boils at ${fmt(e.boiling)} °C. Its density at room temperature is ${fixed2(e.density)} g/cm³. It sits in group ${e.group} and period ${e.period} of the periodic table.`, prose.take(ELEMENT_FILLERS, 2)),
          [`In the periodic table ${e.title.toLowerCase()} `, ...(e.previous ? para`follows ${linkTo(e.previous)}` : ['is the lightest element described here']), ...(e.next ? para` and precedes ${linkTo(e.next)}` : []), '.'],
        ],
      },
      {id: 'Isotopes', heading: 'Isotopes', paragraphs: [para`${e.title} has ${e.isotopes.filter((i) => i.halfLife === 'stable').length === 1 ? 'one stable isotope' : 'two stable isotopes'}. The best-known isotopes are listed below.`], table: {caption: `Isotopes of ${e.title.toLowerCase()}`, columns: ['Isotope', 'Natural abundance', 'Half-life'], rows}},
      {id: 'Occurrence', heading: 'Occurrence and production', paragraphs: [withSentences(para`${e.title} makes up about ${(rng.nextFloat() * 4 + 0.01).toFixed(2)} parts per million of the Earth's crust. Commercial production began in ${e.year + between(rng, 20, 90)}.`, prose.take(ELEMENT_FILLERS, 3))]},
      {id: 'Applications', heading: 'Applications', paragraphs: [withSentences(para`The main uses of ${e.title.toLowerCase()} are in ${wordList(sample(rng, ['special alloys', 'catalysts', 'optical glass', 'magnets', 'electronics', 'medical imaging', 'batteries'], 3))}.`, prose.take(ELEMENT_FILLERS, 2))]},
    ],
    seeAlso: [discoverer, ...(e.next ? [linkTo(e.next)] : [])],
    references: [reference(rng, 'Handbook of the Elements'), reference(rng, `The Discovery of ${e.title}`)],
    didYouKnow: [para`… that ${linkTo(e, e.title.toLowerCase())} melts at ${fmt(e.melting)} °C?`, para`… that ${linkTo(e, e.title.toLowerCase())} is named after ${e.namedAfter}?`, para`… that ${linkTo(e, e.title.toLowerCase())} was first isolated in ${e.year} by ${discoverer}?`],
    milestone: {year: e.year, text: para`${discoverer} isolates the element ${linkTo(e, e.title.toLowerCase())}.`},
    lastEdited: editedDate(rng),
  })
}

const PERSON_FILLERS: readonly ((t: string) => string)[] = [
  (t) => `Contemporaries described ${t} as a patient teacher and a meticulous experimenter.`,
  (t) => `Much of the correspondence of ${t} survives and was published in four volumes.`,
  (t) => `${t} travelled widely, visiting laboratories and workshops across the continent.`,
  (t) => `A street and a secondary school in their home town are named after ${t}.`,
  (t) => `The notebooks of ${t} are preserved in the national archive.`,
  (t) => `As a child ${t} showed an early talent for mathematics and drawing.`,
  (t) => `${t} was educated at the local grammar school before moving to the capital.`,
  (t) => `Financial difficulties forced ${t} to work as a private tutor for several years.`,
  (t) => `${t} published more than sixty papers and two widely used textbooks.`,
  (t) => `Colleagues remembered ${t} for long working days and a dislike of public speaking.`,
  (t) => `In later years ${t} served on several government commissions on industry and education.`,
  (t) => `A portrait of ${t} hangs in the main hall of the national academy.`,
  (t) => `${t} married in their early thirties and had three children.`,
  (t) => `A biography of ${t} appeared on the centenary of their birth.`,
]

function surname(person: Person): string {
  return person.title.split(' ').slice(1).join(' ')
}

function personBasics(p: Person, roleLabel: string, affiliationLabel: string): InfoRow[] {
  return [
    infoRow('born', 'Born', String(p.born), String(p.born), p.born),
    infoRow('birthplace', 'Birthplace', `${p.birthplace}, ${p.country}`, p.birthplace),
    infoRow('died', 'Died', String(p.died), String(p.died), p.died),
    infoRow('nationality', 'Nationality', p.country),
    infoRow('role', roleLabel, p.role),
    infoRow(affiliationLabel === 'Institution' ? 'institution' : 'company', affiliationLabel, p.affiliation),
  ]
}

function scientistArticle(rng: SeededRandom, s: Person, discovered: Element[]): Article {
  const prose = new Prose(rng, surname(s))
  const advisor = s.mentor ? linkTo(s.mentor) : null
  const found = discovered.map((e) => linkTo(e))
  const infobox: InfoRow[] = [
    ...personBasics(s, 'Field', 'Institution'),
    ...(advisor ? [linkRow('advisor', 'Doctoral advisor', [advisor])] : []),
    ...(s.students.length > 0 ? [linkRow('students', 'Doctoral students', s.students.map((st) => linkTo(st)))] : []),
    linkRow('known', 'Known for', found),
  ]
  const rows = s.table
  return finish({
    slug: s.slug,
    title: s.title,
    kind: 'scientist',
    image: {kind: 'portrait', name: imageName(s.title), caption: `${s.title}, photographed around ${s.born + 50}`},
    lead: [
      [...para`${s.title} (${s.born}–${s.died}) was a scientist from ${s.country}, working in ${s.role.toLowerCase()}, best known for the discovery of `, ...listOf(found), '.'],
      para`For most of their career ${s.title} worked at the ${s.affiliation}.`,
    ],
    infobox,
    sections: [
      {id: 'Early_life', heading: 'Early life', paragraphs: [withSentences(para`${s.title} was born in ${s.born} in ${s.birthplace}, ${s.country}, the child of a ${pick(rng, ['pharmacist', 'schoolteacher', 'mine surveyor', 'glassmaker', 'country doctor'])}.`, prose.take(PERSON_FILLERS, 3))]},
      {id: 'Career', heading: 'Career', paragraphs: [withSentences(advisor ? para`${s.title} studied under ${advisor} and joined the ${s.affiliation} in ${s.born + between(rng, 24, 32)}.` : para`${s.title} was largely self-taught and joined the ${s.affiliation} in ${s.born + between(rng, 24, 32)}.`, prose.take(PERSON_FILLERS, 3))]},
      {id: 'Discoveries', heading: 'Discoveries', paragraphs: [[...para`${s.title} is credited with isolating `, ...listOf(discovered.map((e) => [linkTo(e), ` (${e.symbol}) in ${e.year}`])), '.']]},
      {id: 'Honours', heading: 'Honours and awards', paragraphs: [para`${s.title} received numerous honours during their lifetime, the most important of which are listed below.`], table: {caption: 'Honours and awards', columns: ['Year', 'Honour'], rows}},
      {id: 'Later_life', heading: 'Later life and legacy', paragraphs: [withSentences([...para`${s.title} died in ${s.died}.`, ...(s.students.length > 0 ? [' Their doctoral students included ', ...listOf(s.students.map((st) => linkTo(st))), '.'] : [])], prose.take(PERSON_FILLERS, 3))]},
    ],
    seeAlso: [...found.slice(0, 2), ...(advisor ? [advisor] : [])],
    references: [reference(rng, `The Life of ${s.title}`), reference(rng, 'Pioneers of Chemistry')],
    didYouKnow: [[...para`… that ${linkTo(s)} discovered `, ...listOf(found), '?'], ...(advisor ? [para`… that the chemist ${linkTo(s)} studied under ${advisor}?`] : [])],
    milestone: {year: s.born, text: para`The scientist ${linkTo(s)} is born in ${s.birthplace}, ${s.country}.`},
    lastEdited: editedDate(rng),
  })
}

// --- Inventions and inventors ------------------------------------------------------------------------------------

interface Invention {
  title: string
  slug: string
  year: number
  inventor: Person
  field: string
  country: string
  patent: number
  weight: number
  units: number
  production: {year: number; units: number}[]
  previous: Invention | null
}

function buildInventions(rng: SeededRandom): Built {
  const inventors = makePeople(rng, 12, 1740, 1880, (town, _country, name) => pick(rng, [`${name.split(' ')[1]} & Sons`, `${name.split(' ')[1]} Engineering Works`, `${town} Machine Company`]), OCCUPATIONS)
  const names = uniqueNames(24, () => `${pick(rng, INVENTION_ADJ)} ${pick(rng, INVENTION_NOUN)}`)
  const patents = new Set<string>()
  const usedYears = new Map<Person, Set<string>>(inventors.map((p) => [p, new Set<string>()]))
  const inventions: Invention[] = names.map((title, i) => {
    const inventor = i < inventors.length ? inventors[i]! : pick(rng, inventors)
    const year = distinctYears(rng, 1, inventor.born + 22, Math.min(inventor.died - 1, inventor.born + 65), usedYears.get(inventor)!)[0] ?? inventor.born + 30
    const units = between(rng, 12, 48000)
    return {
      title,
      slug: slugOf(title),
      year,
      inventor,
      field: pick(rng, INVENTION_FIELDS),
      country: inventor.country,
      patent: patentNumber(rng, year, patents),
      weight: between(rng, 2, 4800),
      units,
      production: [5, 10, 20, 30, 50].map((after, k) => ({year: year + after, units: Math.round((units * (k + 1) * (0.9 + rng.nextFloat() * 0.6)) / 10) * 10 || 10})),
      previous: null,
    }
  })
  const byYear = [...inventions].sort((a, b) => a.year - b.year || a.title.localeCompare(b.title))
  byYear.forEach((inv, i) => {
    const earlier = byYear.slice(0, i).filter((other) => other.year < inv.year)
    const sameField = earlier.filter((other) => other.field === inv.field)
    inv.previous = sameField[sameField.length - 1] ?? earlier[earlier.length - 1] ?? null
  })
  for (const person of inventors) {
    const own = inventions.filter((inv) => inv.inventor === person)
    const extra = distinctYears(rng, between(rng, 1, 3), person.born + 20, person.died - 2, usedYears.get(person)!)
    const purposes = sample(rng, PURPOSES, extra.length)
    const rows = [
      ...own.map((inv) => ({year: inv.year, title: `Improvements in the ${inv.title.toLowerCase()}`, number: inv.patent})),
      ...extra.map((year, i) => ({year, title: `An apparatus for ${purposes[i]!}`, number: patentNumber(rng, year, patents)})),
    ].sort((a, b) => a.year - b.year)
    person.table = rows.map((row) => ({key: String(row.year), cells: [String(row.year), row.title, `No. ${row.number}`]}))
  }
  const articles = [...inventions.map((inv) => inventionArticle(rng, inv, inventions)), ...inventors.map((p) => inventorArticle(rng, p, inventions.filter((inv) => inv.inventor === p)))]
  const inventionColumns = ['year', 'field', 'weight', 'units']
  const inventorColumns = ['born', 'died', 'role']
  const categories = [
    category('Inventions', 'invention', 'Machines, instruments and devices with an article here.', inventions.map((inv) => inv.slug), inventionColumns),
    category('Inventors', 'inventor', 'Engineers, mechanics and instrument makers.', inventors.map((p) => p.slug), inventorColumns),
    ...INVENTION_FIELDS.map((field) => category(`${field} inventions`, 'invention', `Inventions in the field of ${field.toLowerCase()}.`, inventions.filter((inv) => inv.field === field).map((inv) => inv.slug), inventionColumns)),
    ...OCCUPATIONS.map((role) => category(`${role}s`, 'inventor', `Inventors who worked as ${role.toLowerCase()}s.`, inventors.filter((p) => p.role === role).map((p) => p.slug), inventorColumns)),
    ...COUNTRIES.map((country) => category(`Inventors from ${country}`, 'inventor', `Inventors born in ${country}.`, inventors.filter((p) => p.country === country).map((p) => p.slug), inventorColumns)),
    ...[18, 19, 20].map((n) => category(`${ordinal(n)}-century inventions`, 'invention', `Inventions first patented in the ${ordinal(n)} century.`, inventions.filter((inv) => century(inv.year) === n).map((inv) => inv.slug), inventionColumns)),
  ]
  return {subject: 'the inventions of the industrial age and their inventors', tagline: 'Machines, patents and the people who made them', primary: 'invention', articles, categories}
}

function patentNumber(rng: SeededRandom, year: number, taken: Set<string>): number {
  return Number(uniqueNames(1, () => String(10000 + (year - 1740) * 400 + between(rng, 0, 399)), taken)[0])
}

const INVENTION_FILLERS: readonly ((t: string) => string)[] = [
  (t) => `Early models of the ${t} were built by hand in small workshops, and few survive.`,
  (t) => `Critics at first dismissed the ${t} as an expensive curiosity.`,
  (t) => `Working replicas of the ${t} are on display in several museums of technology.`,
  (t) => `Licences to build the ${t} were sold to manufacturers in at least six countries.`,
  (t) => `Later versions of the ${t} replaced the cast-iron frame with lighter steel.`,
  (t) => `Maintenance manuals for the ${t} were among the first illustrated technical handbooks.`,
  () => `A rival design appeared within two years, leading to a long dispute over the patent.`,
  (t) => `The first public demonstration of the ${t} drew a large crowd and was reported in the national press.`,
  (t) => `Operators of the ${t} needed several weeks of training before they could use it safely.`,
  () => `Improved bearings reduced the friction that had troubled the first prototypes.`,
  (t) => `The ${t} won a gold medal at an international exhibition soon after its introduction.`,
  (t) => `Insurance companies at first refused to cover buildings in which the ${t} was used.`,
  (t) => `By the end of the century the ${t} had become a standard fixture in workshops and mills.`,
  (t) => `Collectors today pay high prices for early examples of the ${t} in working order.`,
]

function inventionArticle(rng: SeededRandom, inv: Invention, all: Invention[]): Article {
  const prose = new Prose(rng, inv.title.toLowerCase())
  const inventor = linkTo(inv.inventor)
  const successors = all.filter((other) => other.previous === inv)
  const infobox: InfoRow[] = [
    infoRow('field', 'Field', inv.field),
    linkRow('inventor', 'Inventor', [inventor]),
    infoRow('year', 'Introduced', String(inv.year), String(inv.year), inv.year),
    infoRow('country', 'Country', inv.country),
    infoRow('patent', 'Patent', `No. ${inv.patent}`, String(inv.patent)),
    infoRow('weight', 'Weight', `${fmt(inv.weight)} kg`, fmt(inv.weight), inv.weight),
    infoRow('units', 'Units built (first decade)', fmt(inv.units), fmt(inv.units), inv.units),
    ...(inv.previous ? [linkRow('previous', 'Preceded by', [linkTo(inv.previous)])] : []),
  ]
  const rows: TableRow[] = inv.production.map((p) => ({key: String(p.year), cells: [String(p.year), fmt(p.units)]}))
  const lower = inv.title.toLowerCase()
  return finish({
    slug: inv.slug,
    title: inv.title,
    kind: 'invention',
    image: {kind: 'product', name: imageName(inv.title), caption: `An early ${lower}, about ${inv.year + between(rng, 2, 15)}`},
    lead: [
      para`The ${lower} is a device in the field of ${inv.field.toLowerCase()}, introduced in ${inv.year} by ${inventor} of ${inv.country}. It was protected by patent No. ${inv.patent}.`,
      inv.previous ? para`It improved on the earlier ${linkTo(inv.previous, inv.previous.title.toLowerCase())}, and ${fmt(inv.units)} units were built in its first decade.` : para`It was the first machine of its kind, and ${fmt(inv.units)} units were built in its first decade.`,
    ],
    infobox,
    sections: [
      {id: 'History', heading: 'History', paragraphs: [withSentences(para`${inventor} began work on the ${lower} around ${inv.year - between(rng, 2, 8)}, and the first working model was shown in ${inv.year}. Patent No. ${inv.patent} was granted the same year.`, prose.take(INVENTION_FILLERS, 3))]},
      {id: 'Design', heading: 'Design', paragraphs: [withSentences(para`A standard ${lower} weighs ${fmt(inv.weight)} kilograms. Its mechanism combines a ${pick(rng, ['crank and flywheel', 'pair of bellows', 'clockwork escapement', 'series of brass gears', 'sealed copper chamber'])} with a ${pick(rng, ['governor', 'ratchet', 'spring balance', 'vernier scale', 'valve chest'])}.`, prose.take(INVENTION_FILLERS, 3))]},
      {id: 'Production', heading: 'Production', paragraphs: [para`${fmt(inv.units)} units were built in the first ten years. The table shows the number of units in service in later years.`], table: {caption: 'Units in service', columns: ['Year', 'Units in service'], rows}},
      {
        id: 'Legacy',
        heading: 'Legacy',
        paragraphs: [
          withSentences(successors.length > 0 ? [...para`The ${lower} was in turn improved upon by the `, ...listOf(successors.map((s) => linkTo(s, s.title.toLowerCase()))), '.'] : para`The ${lower} remained in use well into the twentieth century.`, prose.take(INVENTION_FILLERS, 3)),
        ],
      },
    ],
    seeAlso: [inventor, ...(inv.previous ? [linkTo(inv.previous)] : [])],
    references: [reference(rng, `A History of ${inv.field}`), reference(rng, `${inv.title}: Patent Specification ${inv.patent}`)],
    didYouKnow: [para`… that ${fmt(inv.units)} units of the ${linkTo(inv, lower)} were built in its first decade?`, para`… that a standard ${linkTo(inv, lower)} weighs ${fmt(inv.weight)} kilograms?`, para`… that ${inventor} patented the ${linkTo(inv, lower)} in ${inv.year}?`],
    milestone: {year: inv.year, text: para`${inventor} is granted patent No. ${inv.patent} for the ${linkTo(inv, lower)}.`},
    lastEdited: editedDate(rng),
  })
}

function inventorArticle(rng: SeededRandom, p: Person, own: Invention[]): Article {
  const prose = new Prose(rng, surname(p))
  const mentor = p.mentor ? linkTo(p.mentor) : null
  const made = own.map((inv) => linkTo(inv))
  const infobox: InfoRow[] = [
    ...personBasics(p, 'Occupation', 'Company'),
    ...(mentor ? [linkRow('mentor', 'Apprenticed to', [mentor])] : []),
    ...(p.students.length > 0 ? [linkRow('apprentices', 'Apprentices', p.students.map((st) => linkTo(st)))] : []),
    linkRow('inventions', 'Notable inventions', made),
  ]
  return finish({
    slug: p.slug,
    title: p.title,
    kind: 'inventor',
    image: {kind: 'portrait', name: imageName(p.title), caption: `${p.title} in ${p.born + 45}`},
    lead: [
      [...para`${p.title} (${p.born}–${p.died}) was a ${p.role.toLowerCase()} from ${p.country}, remembered as the inventor of the `, ...listOf(own.map((inv) => linkTo(inv, inv.title.toLowerCase()))), '.'],
      para`${p.title} founded ${p.affiliation}, which built many of their machines.`,
    ],
    infobox,
    sections: [
      {id: 'Early_life', heading: 'Early life', paragraphs: [withSentences(para`${p.title} was born in ${p.born} in ${p.birthplace}, ${p.country}.`, prose.take(PERSON_FILLERS, 3))]},
      {id: 'Career', heading: 'Career', paragraphs: [withSentences(mentor ? para`As a young ${p.role.toLowerCase()}, ${p.title} was apprenticed to ${mentor}. In ${p.born + between(rng, 26, 34)} they founded ${p.affiliation}.` : para`${p.title} learnt their trade in their father's workshop and founded ${p.affiliation} in ${p.born + between(rng, 26, 34)}.`, prose.take(PERSON_FILLERS, 3))]},
      {id: 'Inventions', heading: 'Inventions', paragraphs: [[...para`${p.title}'s best-known inventions are the `, ...listOf(own.map((inv) => [linkTo(inv, inv.title.toLowerCase()), ` (${inv.year})`])), '.']]},
      {id: 'Patents', heading: 'Patents', paragraphs: [para`The patents granted to ${p.title} are listed below.`], table: {caption: 'Patents', columns: ['Year', 'Title', 'Number'], rows: p.table}},
      {id: 'Later_life', heading: 'Later life', paragraphs: [withSentences([...para`${p.title} died in ${p.died}.`, ...(p.students.length > 0 ? [' Their apprentices included ', ...listOf(p.students.map((st) => linkTo(st))), '.'] : [])], prose.take(PERSON_FILLERS, 3))]},
    ],
    seeAlso: [...made.slice(0, 2), ...(mentor ? [mentor] : [])],
    references: [reference(rng, `The Life of ${p.title}`), reference(rng, 'Makers of the Machine Age')],
    didYouKnow: [[...para`… that ${linkTo(p)} invented the `, ...listOf(own.map((inv) => linkTo(inv, inv.title.toLowerCase()))), '?'], para`… that the ${p.role.toLowerCase()} ${linkTo(p)} founded ${p.affiliation}?`],
    milestone: {year: p.born, text: para`The ${p.role.toLowerCase()} ${linkTo(p)} is born in ${p.birthplace}, ${p.country}.`},
    lastEdited: editedDate(rng),
  })
}

// ---------------------------------------------------------------------------------------------------------------
// Lookups

type Context = SiteContext<EncyclopediaModel, EncyclopediaState>

function articleBySlug(model: EncyclopediaModel, slug: string): Article | undefined {
  return model.articles.find((a) => a.slug === slug)
}

function row(article: Article, key: string): InfoRow | undefined {
  return article.infobox.find((r) => r.key === key)
}

function linked(model: EncyclopediaModel, article: Article, key: string): Article | undefined {
  const target = row(article, key)?.links?.[0]
  return target ? articleBySlug(model, target.slug) : undefined
}

function dataTable(article: Article): DataTable | undefined {
  return article.sections.find((s) => s.table)?.table
}

// ---------------------------------------------------------------------------------------------------------------
// Search

function tokens(text: string): string[] {
  return normaliseAnswer(text).split(' ').filter(Boolean)
}

// Normalised article text, made once per article: search runs for every task made and every search page served.
const normalisedBodies = new WeakMap<Article, {body: string; title: string}>()

function normalisedText(article: Article): {body: string; title: string} {
  let text = normalisedBodies.get(article)
  if (text === undefined) {
    text = {body: ` ${normaliseAnswer(article.plain)} `, title: normaliseAnswer(article.title)}
    normalisedBodies.set(article, text)
  }
  return text
}

function search(model: EncyclopediaModel, q: string): Article[] {
  const words = tokens(q)
  if (words.length === 0) return []
  const scored = model.articles
    .map((article) => {
      const {body, title} = normalisedText(article)
      if (!words.every((w) => body.includes(` ${w} `))) return null
      const exact = title === words.join(' ') ? 1000 : 0
      const inTitle = words.filter((w) => ` ${title} `.includes(` ${w} `)).length * 50
      const count = words.reduce((sum, w) => sum + body.split(` ${w} `).length - 1, 0)
      return {article, score: exact + inTitle + count}
    })
    .filter((hit): hit is {article: Article; score: number} => hit !== null)
  return scored.sort((a, b) => b.score - a.score || a.article.title.localeCompare(b.article.title)).map((hit) => hit.article)
}

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

/** About 200 characters of the article around the first query word, with the query words marked. */
function snippet(article: Article, q: string): Html {
  const text = article.plain.split('\n').slice(1).join(' ')
  const words = tokens(q).filter((w) => w.length > 1 || /\d/.test(w))
  const pattern = words.length > 0 ? new RegExp(`\\b(${words.map(escapeRegex).join('|')})\\b`, 'i') : null
  const at = pattern ? Math.max(0, text.search(pattern)) : 0
  const start = Math.max(0, text.lastIndexOf(' ', Math.max(0, at - 70)) + 1)
  let window = text.slice(start, start + 220)
  window = window.slice(0, window.lastIndexOf(' ') > 150 ? window.lastIndexOf(' ') : window.length)
  const parts = pattern ? window.split(new RegExp(`\\b(${words.map(escapeRegex).join('|')})\\b`, 'gi')) : [window]
  return html`${start > 0 ? '… ' : ''}${parts.map((part, i) => (i % 2 === 1 ? html`<mark>${part}</mark>` : part))} …`
}

// ---------------------------------------------------------------------------------------------------------------
// Pages

function nav(): NavLink[] {
  return [
    {href: '/', label: 'Main page'},
    {href: '/categories', label: 'Categories'},
    {href: '/all-articles', label: 'All articles'},
    {href: '/random', label: 'Random article'},
    {href: '/watchlist', label: 'Watchlist'},
    {href: '/about', label: 'About'},
  ]
}

function shell(context: Context, title: string, body: Html, q = '', script?: string): string {
  const watched = context.state.watchlist.length
  return page(context.site, {
    title,
    body,
    nav: nav(),
    search: {action: '/search', name: 'q', placeholder: `Search ${context.site.name}`, value: q},
    headerExtras: html`<a class="watchlist-link" href="/watchlist">★ Watchlist (<span class="watch-count">${watched}</span>)</a>`,
    css: WIKI_CSS,
    script,
  })
}

function segments(items: Segment[]): Html {
  return html`${items.map((segment) => (typeof segment === 'string' ? segment : html`<a class="wiki-link" href="${articleHref(segment.slug)}">${segment.text}</a>`))}`
}

function handle(request: SiteRequest, context: Context): SiteReply {
  const {path, method} = request
  if (path === '/') return htmlReply(home(context))
  if (path === '/search') return htmlReply(searchPage(request.query, context))
  if (path === '/categories') return htmlReply(categoriesPage(context))
  if (path === '/all-articles') return htmlReply(allArticlesPage(context))
  if (path === '/random') return randomArticle(context)
  if (path === '/watchlist') return htmlReply(watchlistPage(context))
  if (path === '/watch' && method === 'POST') return toggleWatch(request.form, context)
  if (path === '/about') return htmlReply(aboutPage(context.site, nav(), `${context.site.name} is a free online encyclopedia about ${context.model.subject}, written and checked by volunteers since 2011.`))
  const wiki = route(path, '/wiki/:slug')
  if (wiki) {
    const article = articleBySlug(context.model, wiki.slug)
    if (article) return htmlReply(articlePage(article, context, request.query.get('watch')))
    return htmlReply(missingArticlePage(wiki.slug, context), 404)
  }
  const cat = route(path, '/category/:slug')
  if (cat) {
    const found = context.model.categories.find((c) => c.slug === cat.slug)
    if (found) return htmlReply(categoryPage(found, request.query, context))
  }
  const report = route(path, '/report/:slug')
  if (report) {
    const article = articleBySlug(context.model, report.slug)
    if (article && method === 'POST') return submitReport(article, request.form, context)
    if (article) return htmlReply(reportPage(article, context, new URLSearchParams(), []))
  }
  const received = route(path, '/report-received/:reference')
  if (received) {
    const filed = context.state.reports.find((r) => r.reference === received.reference)
    if (filed) return htmlReply(reportReceivedPage(filed, context))
  }
  return htmlReply(notFoundPage(context.site, nav()), 404)
}

// --- Home --------------------------------------------------------------------------------------------------------

function home(context: Context): string {
  const {model, site} = context
  const featured = articleBySlug(model, model.featured)!
  const recent = [...model.articles].sort((a, b) => editedOrder(b.lastEdited) - editedOrder(a.lastEdited)).slice(0, 6)
  const topCategories = [...model.categories].sort((a, b) => b.members.length - a.members.length).slice(0, 8)
  const homeRng = rngFor(site, 'home')
  const dyk = sample(homeRng, model.articles, 4).map((a) => pick(homeRng, a.didYouKnow))
  return shell(
    context,
    'Main page',
    html`<section class="card welcome"><div><p class="kicker">${model.tagline}</p><h1>Welcome to ${site.name}</h1>
      <p>The free encyclopedia of ${model.subject}. <strong>${model.articles.length}</strong> articles in <strong>${model.categories.length}</strong> categories.</p></div>
      <div class="portal-links">${topCategories.slice(0, 4).map((c) => html`<a class="portal" href="/category/${encodeURIComponent(c.slug)}">${c.name}</a>`)}</div></section>
    <div class="home-grid cols-${model.layout.homeColumns}">
      <section class="card featured"><h2 class="box-title">Featured article</h2>
        <img src="/img/${featured.image.kind}/${featured.image.name}.svg" alt="${featured.title}" width="180" height="135" class="featured-img">
        <h3><a class="featured-link" href="${articleHref(featured.slug)}">${featured.title}</a></h3>
        <p>${segments(featured.lead[0]!)}</p><p>${segments(featured.lead[1] ?? [])}</p>
        <p><a href="${articleHref(featured.slug)}">Read the full article…</a></p></section>
      <section class="card dyk"><h2 class="box-title">Did you know…</h2><ul>${dyk.map((line) => html`<li>${segments(line)}</li>`)}</ul></section>
      <section class="card on-this-day"><h2 class="box-title">On this day: ${model.onThisDay.date}</h2><ul class="events">${model.onThisDay.items.map((item) => html`<li><strong>${item.year}</strong> – ${segments(item.text)}</li>`)}</ul></section>
      <section class="card recent"><h2 class="box-title">Recently updated</h2><ul>${recent.map((a) => html`<li><a href="${articleHref(a.slug)}">${a.title}</a> <span class="muted">· ${a.lastEdited}</span></li>`)}</ul></section>
      <section class="card browse"><h2 class="box-title">Browse by category</h2><ul class="browse-list">${topCategories.map((c) => html`<li><a href="/category/${encodeURIComponent(c.slug)}">${c.name}</a> <span class="muted">(${c.members.length})</span></li>`)}</ul><p><a href="/categories">All categories →</a></p></section>
    </div>`,
  )
}

function editedOrder(date: string): number {
  const [day, month] = date.split(' ')
  return MONTHS.indexOf(month!) * 100 + Number(day)
}

// --- Article -----------------------------------------------------------------------------------------------------

function toc(article: Article): Html {
  return html`<nav class="toc" aria-label="Contents"><div class="toc-head"><strong>Contents</strong> <button type="button" class="toc-toggle" aria-expanded="true">hide</button></div>
    <ol class="toc-list">${article.sections.map((s, i) => html`<li><a href="#${s.id}"><span class="tocnumber">${i + 1}</span> ${s.heading}</a></li>`)}
    <li><a href="#See_also"><span class="tocnumber">${article.sections.length + 1}</span> See also</a></li><li><a href="#References"><span class="tocnumber">${article.sections.length + 2}</span> References</a></li></ol></nav>`
}

const TOC_SCRIPT = `document.querySelectorAll('.toc-toggle').forEach(function(b){b.addEventListener('click',function(){var l=b.closest('.toc').querySelector('.toc-list');var hidden=l.style.display==='none';l.style.display=hidden?'':'none';b.textContent=hidden?'hide':'show';b.setAttribute('aria-expanded',String(hidden));});});`

function infoboxTable(article: Article): Html {
  return html`<table class="infobox"><caption>${article.title}</caption>
    <tr><td colspan="2" class="infobox-image"><img src="/img/${article.image.kind}/${article.image.name}.svg" alt="${article.title}" width="270" height="200"><div class="image-caption">${article.image.caption}</div></td></tr>
    ${article.infobox.map((r) => html`<tr data-key="${r.key}"><th scope="row">${r.label}</th><td>${r.links ? segments(listOf(r.links)) : r.text}</td></tr>`)}
  </table>`
}

function tableHtml(table: DataTable): Html {
  return html`<table class="data-table"><caption>${table.caption}</caption><thead><tr>${table.columns.map((c) => html`<th scope="col">${c}</th>`)}</tr></thead>
    <tbody>${table.rows.map((r) => html`<tr data-row="${r.key}">${r.cells.map((cell) => html`<td>${segments([cell])}</td>`)}</tr>`)}</tbody></table>`
}

function sidebar(context: Context, article: Article | null): Html {
  return html`<aside class="wiki-sidebar">
    <h4>Navigation</h4><a href="/">Main page</a><a href="/categories">Categories</a><a href="/all-articles">All articles</a><a href="/random">Random article</a><a href="/watchlist">Watchlist</a>
    ${article ? html`<h4>Tools</h4><a class="sidebar-report" href="/report/${encodeURIComponent(article.slug)}">Report a problem</a><a href="#References">Cite this page</a>` : ''}
    ${article && context.model.layout.tocInSidebar ? toc(article) : ''}
    <h4>About</h4><a href="/about">About ${context.site.name}</a><a href="/about#contact">Contact us</a>
  </aside>`
}

function articlePage(article: Article, context: Context, watchNotice: string | null): string {
  const {model, site, state} = context
  const watched = state.watchlist.includes(article.slug)
  const notice =
    watchNotice === 'added'
      ? html`<div class="alert alert-ok" role="status">“${article.title}” was added to your <a href="/watchlist">watchlist</a>.</div>`
      : watchNotice === 'removed'
        ? html`<div class="alert alert-ok" role="status">“${article.title}” was removed from your watchlist.</div>`
        : ''
  const categoryLinks = article.categories.map((slug) => model.categories.find((c) => c.slug === slug)).filter((c): c is Category => c !== undefined)
  return shell(
    context,
    article.title,
    html`<div class="wiki-layout side-${model.layout.sidebar}">
      ${sidebar(context, article)}
      <article class="wiki-article card">
        <div class="article-tabs"><span class="tab active">Article</span><a class="tab report-link" href="/report/${encodeURIComponent(article.slug)}">Report a problem</a>
          <form method="post" action="/watch" class="watch-form"><input type="hidden" name="article" value="${article.slug}"><input type="hidden" name="action" value="${watched ? 'unwatch' : 'watch'}">
          <button type="submit" class="watch-button${watched ? ' watched' : ''}">${watched ? '★ Unwatch' : '☆ Watch'}</button></form></div>
        ${notice}
        <h1 class="article-title">${article.title}</h1>
        <p class="from-line muted">From ${site.name}, the free encyclopedia</p>
        <div class="article-body">
          ${infoboxTable(article)}
          ${article.lead.map((p) => html`<p>${segments(p)}</p>`)}
          ${model.layout.tocInSidebar ? '' : toc(article)}
          ${article.sections.map((s) => html`<h2 id="${s.id}">${s.heading}</h2>${s.paragraphs.map((p) => html`<p>${segments(p)}</p>`)}${s.table ? tableHtml(s.table) : ''}`)}
          <h2 id="See_also">See also</h2><ul class="see-also">${article.seeAlso.map((l) => html`<li>${segments([l])}</li>`)}</ul>
          <h2 id="References">References</h2><ol class="references">${article.references.map((r) => html`<li>${r}</li>`)}</ol>
        </div>
        <div class="catlinks"><a href="/categories">Categories</a>: ${categoryLinks.map((c, i) => html`${i > 0 ? ' | ' : ''}<a class="cat-link" href="/category/${encodeURIComponent(c.slug)}">${c.name}</a>`)}</div>
        <p class="last-edited muted">This page was last edited on ${article.lastEdited}. Text is available under the Creative Commons Attribution-ShareAlike License.</p>
      </article>
    </div>`,
    '',
    TOC_SCRIPT,
  )
}

function missingArticlePage(slug: string, context: Context): string {
  const title = slug.replace(/_/g, ' ')
  return shell(
    context,
    title,
    html`<section class="card prose"><h1>${title}</h1><p>${context.site.name} does not have an article with this exact name.</p>
    <p><a class="btn btn-dark" href="/search${queryString({q: title})}">Search for “${title}”</a></p></section>`,
  )
}

// --- Search ------------------------------------------------------------------------------------------------------

function searchPage(query: URLSearchParams, context: Context): string {
  const {model} = context
  const q = (query.get('q') ?? '').trim()
  const results = search(model, q)
  const current = Math.max(1, Number.parseInt(query.get('page') ?? '1', 10) || 1)
  const pages = Math.max(1, Math.ceil(results.length / RESULTS_PER_PAGE))
  const shown = results.slice((current - 1) * RESULTS_PER_PAGE, current * RESULTS_PER_PAGE)
  const exact = results.find((a) => normaliseAnswer(a.title) === normaliseAnswer(q))
  const from = (current - 1) * RESULTS_PER_PAGE + 1
  return shell(
    context,
    q ? `Search results for “${q}”` : 'Search',
    html`${breadcrumb([{href: '/', label: 'Main page'}], 'Search')}
    <section class="card search-card">
      <h1>Search results</h1>
      <form class="search-page-form" method="get" action="/search"><input type="search" name="q" value="${q}" aria-label="Search terms"> <button class="btn btn-primary" type="submit">Search</button></form>
      ${exact ? html`<p class="exact-hint">There is a page named “<a href="${articleHref(exact.slug)}">${exact.title}</a>” on ${context.site.name}.</p>` : ''}
      ${q === '' ? html`<p class="muted">Type words to search the full text of every article.</p>` : results.length === 0 ? html`<p class="no-results">There were no results matching the query “${q}”. Check the spelling, or try fewer words.</p>` : html`<p class="muted result-count">Showing results ${from}–${from + shown.length - 1} of ${results.length} for “${q}”</p>`}
      <ul class="search-results${model.layout.resultImages ? ' with-images' : ''}">${shown.map(
        (a) => html`<li class="search-result">${model.layout.resultImages ? html`<img src="/img/${a.image.kind}/${a.image.name}.svg" alt="" width="80" height="60">` : ''}<div>
          <a class="result-link" data-article="${a.slug}" href="${articleHref(a.slug)}">${a.title}</a>
          <div class="snippet">${snippet(a, q)}</div>
          <div class="result-meta muted">${KIND_LABELS[a.kind].one} · ${fmt(a.plain.split(/\s+/).length)} words · last edited ${a.lastEdited}</div></div></li>`,
      )}</ul>
      ${pagination(current, pages, (p) => `/search${queryString({q, page: p})}`)}
    </section>`,
    q,
  )
}

// --- Categories --------------------------------------------------------------------------------------------------

function categoriesPage(context: Context): string {
  const {model} = context
  const kinds = [...new Set(model.categories.map((c) => c.kind))]
  return shell(
    context,
    'Categories',
    html`${breadcrumb([{href: '/', label: 'Main page'}], 'Categories')}
    <section class="card"><h1>Categories</h1><p class="muted">Every article belongs to one or more categories. Choose a category to see its pages.</p>
    <div class="category-groups">${kinds.map(
      (kind) => html`<div class="category-group"><h2>${capitalise(KIND_LABELS[kind].many)}</h2><ul>${model.categories
        .filter((c) => c.kind === kind)
        .map((c) => html`<li><a class="category-link" data-category="${c.slug}" href="/category/${encodeURIComponent(c.slug)}">${c.name}</a> <span class="muted">(${c.members.length} ${c.members.length === 1 ? 'page' : 'pages'})</span></li>`)}</ul></div>`,
    )}</div></section>`,
  )
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1)
}

const COLUMN_LABELS: Record<string, string> = {
  region: 'Region',
  founded: 'Founded',
  population: 'Population',
  area: 'Area (km²)',
  elevation: 'Elevation (m)',
  length: 'Length (km)',
  discharge: 'Discharge (m³/s)',
  basin: 'Basin (km²)',
  symbol: 'Symbol',
  number: 'Atomic number',
  mass: 'Atomic weight',
  melting: 'Melting point (°C)',
  density: 'Density (g/cm³)',
  born: 'Born',
  died: 'Died',
  institution: 'Institution',
  year: 'Introduced',
  field: 'Field',
  weight: 'Weight (kg)',
  units: 'Units built',
  role: 'Occupation',
}

function sortedMembers(model: EncyclopediaModel, cat: Category, sort: string, dir: 'asc' | 'desc'): Article[] {
  const members = cat.members.map((slug) => articleBySlug(model, slug)!).filter(Boolean)
  if (!cat.columns.includes(sort)) return members.sort((a, b) => a.title.localeCompare(b.title))
  const sign = dir === 'asc' ? 1 : -1
  return members.sort((a, b) => {
    const x = row(a, sort)
    const y = row(b, sort)
    const order = x?.num !== undefined && y?.num !== undefined ? x.num - y.num : (x?.text ?? '').localeCompare(y?.text ?? '')
    return sign * order || a.title.localeCompare(b.title)
  })
}

function categoryPage(cat: Category, query: URLSearchParams, context: Context): string {
  const {model} = context
  const sort = query.get('sort') ?? ''
  const dir = query.get('dir') === 'asc' ? 'asc' : 'desc'
  const members = sortedMembers(model, cat, sort, dir)
  const href = (key: string) => `/category/${encodeURIComponent(cat.slug)}${queryString({sort: key, dir: key === sort && dir === 'desc' ? 'asc' : 'desc'})}`
  const arrow = (key: string) => (key === sort ? (dir === 'desc' ? ' ▼' : ' ▲') : '')
  const sortLink = (key: string) => html`<a class="sort-link${key === sort ? ' active' : ''}" data-sort="${key}" href="${href(key)}">${COLUMN_LABELS[key] ?? key}${arrow(key)}</a>`
  const cell = (a: Article, key: string) => row(a, key)?.text ?? '—'
  const view =
    model.layout.categoryView === 'table'
      ? html`<table class="member-table"><thead><tr><th><a class="sort-link name-sort" href="/category/${encodeURIComponent(cat.slug)}">Article</a></th>${cat.columns.map((key) => html`<th>${sortLink(key)}</th>`)}</tr></thead>
        <tbody>${members.map((a) => html`<tr data-article="${a.slug}"><td><a class="member-link" href="${articleHref(a.slug)}">${a.title}</a></td>${cat.columns.map((key) => html`<td>${cell(a, key)}</td>`)}</tr>`)}</tbody></table>`
      : html`<div class="sort-bar">Sort by: <a class="name-sort" href="/category/${encodeURIComponent(cat.slug)}">Name</a>${cat.columns.map((key) => html` · ${sortLink(key)}`)}</div>
        <div class="member-cards">${members.map(
          (a) => html`<article class="member-card" data-article="${a.slug}"><img src="/img/${a.image.kind}/${a.image.name}.svg" alt="" width="220" height="120"><h3><a class="member-link" href="${articleHref(a.slug)}">${a.title}</a></h3>
          <dl>${cat.columns.map((key) => html`<dt>${COLUMN_LABELS[key] ?? key}</dt><dd>${cell(a, key)}</dd>`)}</dl></article>`,
        )}</div>`
  return shell(
    context,
    `Category: ${cat.name}`,
    html`${breadcrumb([{href: '/', label: 'Main page'}, {href: '/categories', label: 'Categories'}], cat.name)}
    <section class="card"><h1>Category: ${cat.name}</h1><p>${cat.description}</p>
    <p class="muted">This category contains the following ${members.length} ${members.length === 1 ? 'page' : 'pages'}.${model.layout.categoryView === 'table' ? ' Click a column heading to sort.' : ''}</p>
    ${view}</section>`,
  )
}

function allArticlesPage(context: Context): string {
  const {model} = context
  const letters = [...new Set(model.articles.map((a) => a.title.charAt(0).toUpperCase()))].sort()
  return shell(
    context,
    'All articles',
    html`${breadcrumb([{href: '/', label: 'Main page'}], 'All articles')}
    <section class="card"><h1>All articles</h1><p class="letter-bar">${letters.map((l) => html`<a href="#letter-${l}">${l}</a> `)}</p>
    ${letters.map((l) => html`<h2 id="letter-${l}">${l}</h2><ul class="index-list">${model.articles.filter((a) => a.title.charAt(0).toUpperCase() === l).map((a) => html`<li><a href="${articleHref(a.slug)}">${a.title}</a> <span class="muted">(${KIND_LABELS[a.kind].one})</span></li>`)}</ul>`)}</section>`,
  )
}

function randomArticle(context: Context): SiteReply {
  const draw = context.state.randomDraws++
  const articles = context.model.articles
  const article = articles[hashString(`${context.site.slug}/random/${draw}`) % articles.length]!
  return redirect(articleHref(article.slug), 302)
}

// --- Watchlist ---------------------------------------------------------------------------------------------------

function toggleWatch(form: URLSearchParams, context: Context): SiteReply {
  const slug = form.get('article') ?? ''
  const article = articleBySlug(context.model, slug)
  if (!article) return redirect('/watchlist')
  const {state} = context
  const watching = form.get('action') !== 'unwatch'
  state.watchlist = state.watchlist.filter((s) => s !== slug)
  if (watching) state.watchlist.push(slug)
  if (form.get('return') === 'watchlist') return redirect('/watchlist')
  return redirect(`${articleHref(slug)}?watch=${watching ? 'added' : 'removed'}`)
}

function watchlistPage(context: Context): string {
  const watched = context.state.watchlist.map((slug) => articleBySlug(context.model, slug)).filter((a): a is Article => a !== undefined)
  return shell(
    context,
    'Watchlist',
    html`${breadcrumb([{href: '/', label: 'Main page'}], 'Watchlist')}
    <section class="card prose"><h1>Your watchlist</h1>
    ${watched.length === 0 ? html`<p>Your watchlist is empty. Use the ☆ Watch button at the top of an article to follow it.</p>` : html`<p class="muted">You are watching ${watched.length} ${watched.length === 1 ? 'article' : 'articles'}.</p>
    <table class="watch-table"><tr><th>Article</th><th>Last edited</th><th></th></tr>${watched.map(
      (a) => html`<tr data-article="${a.slug}"><td><a href="${articleHref(a.slug)}">${a.title}</a></td><td>${a.lastEdited}</td><td><form method="post" action="/watch"><input type="hidden" name="article" value="${a.slug}"><input type="hidden" name="action" value="unwatch"><input type="hidden" name="return" value="watchlist"><button class="btn unwatch" type="submit">Remove</button></form></td></tr>`,
    )}</table>`}</section>`,
  )
}

// --- Report a problem --------------------------------------------------------------------------------------------

function normaliseDetails(details: string): string {
  return details.trim().replace(/\s+/g, ' ').replace(/[.!]+$/, '').toLowerCase()
}

/** The reference a report gets: derived from its content, so a task can know it in advance. */
export function reportReference(site: SiteInfo, report: Omit<ProblemReport, 'reference'>): string {
  const key = JSON.stringify([site.slug, report.article, report.problem, normaliseDetails(report.details), report.email.trim().toLowerCase()])
  return `RP-${String(hashString(key) % 1_000_000).padStart(6, '0')}`
}

function reportPage(article: Article, context: Context, values: URLSearchParams, errors: string[]): string {
  const chosen = values.get('problem') ?? ''
  const fieldError = (name: string) => (errors.includes(name) ? ' invalid' : '')
  return shell(
    context,
    `Report a problem: ${article.title}`,
    html`${breadcrumb([{href: '/', label: 'Main page'}, {href: articleHref(article.slug), label: article.title}], 'Report a problem')}
    <div class="row">
      <form class="card content report-form" method="post" action="/report/${encodeURIComponent(article.slug)}" novalidate>
        <h1>Report a problem with “${article.title}”</h1>
        <p class="muted">Our volunteer editors review every report. Please describe the problem as precisely as you can.</p>
        ${errors.length > 0 ? html`<div class="alert alert-error" role="alert">Please correct: ${errors.join(', ')}.</div>` : ''}
        <fieldset class="field problem-types${fieldError('Type of problem')}"><legend>Type of problem</legend>
          ${PROBLEMS.map((p) => html`<div class="radio-line"><input type="radio" id="problem-${p.id}" name="problem" value="${p.id}"${chosen === p.id ? html` checked` : ''}> <label for="problem-${p.id}">${p.label}</label></div>`)}
        </fieldset>
        <div class="field${fieldError('Details')}"><label for="details">Details</label><textarea id="details" name="details" rows="5" style="width:100%">${values.get('details') ?? ''}</textarea><div class="hint">At least 10 characters.</div></div>
        <div class="field${fieldError('Email address')}"><label for="email">Your email address</label><input id="email" name="email" type="email" value="${values.get('email') ?? ''}" style="width:100%"><div class="hint">We only use it to tell you when the article is fixed.</div></div>
        <button class="btn btn-primary submit-report" type="submit">Send report</button>
      </form>
      <aside class="sidebar card"><h3>Before you report</h3><p>Small corrections are welcome. For disputes about sources, please explain which reference you believe is wrong.</p><p><a href="${articleHref(article.slug)}">← Back to the article</a></p></aside>
    </div>`,
  )
}

function submitReport(article: Article, form: URLSearchParams, context: Context): SiteReply {
  const problem = PROBLEMS.find((p) => p.id === form.get('problem'))?.id
  const details = (form.get('details') ?? '').trim()
  const email = (form.get('email') ?? '').trim()
  const errors: string[] = []
  if (!problem) errors.push('Type of problem')
  if (details.length < 10) errors.push('Details')
  if (!/^[^@\s]+@[^@\s]+\.[a-z]{2,}$/i.test(email)) errors.push('Email address')
  if (errors.length > 0 || !problem) return htmlReply(reportPage(article, context, form, errors), 422)
  const content = {article: article.slug, problem, details, email}
  const filed: ProblemReport = {reference: reportReference(context.site, content), ...content}
  context.state.reports.push(filed)
  return redirect(`/report-received/${filed.reference}`)
}

function reportReceivedPage(report: ProblemReport, context: Context): string {
  const article = articleBySlug(context.model, report.article)
  return shell(
    context,
    'Report received',
    html`<section class="card prose"><h1>Thank you for your report</h1>
    <p>Your reference number is <strong class="report-reference">${report.reference}</strong>.</p>
    <p>We received your report about <a href="${articleHref(report.article)}">${article?.title ?? report.article}</a> (${PROBLEMS.find((p) => p.id === report.problem)?.label}). An editor will look at it within a few days and write to ${report.email}.</p>
    <blockquote>${report.details}</blockquote></section>`,
  )
}

// ---------------------------------------------------------------------------------------------------------------
// Tasks

interface TopicTasks {
  /** Keys of infobox facts worth asking about, per kind, with the noun used in a question. */
  lookups: Partial<Record<ArticleKind, Record<string, string>>>
  /** A link from the primary kind to another article of the same kind, and what to compare. */
  compare: {kind: ArticleKind; relation: string; relationNoun: string; metrics: {key: string; noun: string; question: string; higherWins: boolean; unit: string}[]}
  chain: {
    start: ArticleKind
    f1: string
    r1: string
    r1Noun: string
    f2: string
    r2: string
    r2Noun: string
    f3: string
    f4: string
    /** Which column of Z's data table holds the answer, and how the question names it. */
    tableColumn: number
    tableQuestion: (rowKey: string) => string
  }
  reverse: {kind: ArticleKind; key: string; phrase: (value: string) => string; query: (row: InfoRow) => string; answerKey: string}[]
}

const TOPIC_TASKS: Record<Topic, TopicTasks> = {
  places: {
    lookups: {
      city: {founded: 'founding year', mayor: 'mayor', elevation: 'elevation in metres', area: 'area in square kilometres', population: 'population at the 2020 census', postal: 'postal code'},
      river: {length: 'length in kilometres', discharge: 'mean discharge in cubic metres per second', basin: 'basin size in square kilometres', source: 'source'},
    },
    compare: {
      kind: 'city',
      relation: 'twin',
      relationNoun: 'twin town',
      metrics: [
        {key: 'founded', noun: 'founding year', question: 'Which of the two cities is older', higherWins: false, unit: ' years'},
        {key: 'population', noun: '2020 population', question: 'Which of the two cities has the larger population', higherWins: true, unit: ' inhabitants'},
        {key: 'elevation', noun: 'elevation', question: 'Which of the two cities lies higher', higherWins: true, unit: ' m'},
        {key: 'area', noun: 'area', question: 'Which of the two cities covers the larger area', higherWins: true, unit: ' km²'},
      ],
    },
    chain: {start: 'city', f1: 'founded', r1: 'river', r1Noun: 'the river it lies on', f2: 'length', r2: 'largest', r2Noun: "that river's largest city", f3: 'area', f4: 'mayor', tableColumn: 1, tableQuestion: (year) => `its population in ${year} (from its "Historical population" table)`},
    reverse: [
      {kind: 'city', key: 'mayor', phrase: (v) => `whose mayor is ${v}`, query: (r) => r.value, answerKey: 'population'},
      {kind: 'river', key: 'source', phrase: (v) => `that rises at ${v}`, query: (r) => r.value, answerKey: 'length'},
    ],
  },
  elements: {
    lookups: {
      element: {symbol: 'chemical symbol', number: 'atomic number', mass: 'standard atomic weight', melting: 'melting point in °C', boiling: 'boiling point in °C', density: 'density in g/cm³', year: 'year it was first isolated'},
      scientist: {born: 'year of birth', died: 'year of death', institution: 'institution', birthplace: 'birthplace'},
    },
    compare: {
      kind: 'element',
      relation: 'next',
      relationNoun: 'next element ("Followed by")',
      metrics: [
        {key: 'melting', noun: 'melting point', question: 'Which of the two elements has the higher melting point', higherWins: true, unit: ' °C'},
        {key: 'density', noun: 'density', question: 'Which of the two elements is denser', higherWins: true, unit: ' g/cm³'},
        {key: 'year', noun: 'year of first isolation', question: 'Which of the two elements was isolated first', higherWins: false, unit: ' years'},
      ],
    },
    chain: {start: 'element', f1: 'year', r1: 'discoverer', r1Noun: 'the scientist who discovered it', f2: 'born', r2: 'advisor', r2Noun: "that scientist's doctoral advisor", f3: 'institution', f4: 'birthplace', tableColumn: 1, tableQuestion: (year) => `the honour received in ${year} (from the "Honours and awards" table)`},
    reverse: [
      {kind: 'element', key: 'symbol', phrase: (v) => `with the chemical symbol ${v}`, query: (r) => r.value, answerKey: 'number'},
      {kind: 'element', key: 'melting', phrase: (v) => `that melts at ${v} °C`, query: (r) => `${r.value} °C`, answerKey: 'symbol'},
    ],
  },
  inventions: {
    lookups: {
      invention: {year: 'year of introduction', patent: 'patent number', weight: 'weight in kilograms', units: 'number of units built in its first decade', field: 'field'},
      inventor: {born: 'year of birth', died: 'year of death', company: 'company', birthplace: 'birthplace'},
    },
    compare: {
      kind: 'invention',
      relation: 'previous',
      relationNoun: 'predecessor ("Preceded by")',
      metrics: [
        {key: 'weight', noun: 'weight', question: 'Which of the two machines is heavier', higherWins: true, unit: ' kg'},
        {key: 'units', noun: 'number of units built in the first decade', question: 'Which of the two was built in greater numbers in its first decade', higherWins: true, unit: ' units'},
      ],
    },
    chain: {start: 'invention', f1: 'year', r1: 'inventor', r1Noun: 'its inventor', f2: 'born', r2: 'mentor', r2Noun: 'the person that inventor was apprenticed to', f3: 'company', f4: 'birthplace', tableColumn: 1, tableQuestion: (year) => `the title of the patent granted in ${year} (from the "Patents" table)`},
    reverse: [
      {kind: 'invention', key: 'patent', phrase: (v) => `protected by patent No. ${v}`, query: (r) => r.value, answerKey: 'year'},
      {kind: 'inventor', key: 'company', phrase: (v) => `who founded ${v}`, query: (r) => r.value, answerKey: 'born'},
    ],
  },
}

/** How a question names an infobox value; `kind.key` entries win over `key`. */
const NOUNS: Record<string, string> = {
  founded: 'founding year',
  population: 'population at the 2020 census',
  length: 'length',
  discharge: 'mean discharge',
  basin: 'basin size',
  symbol: 'chemical symbol',
  number: 'atomic number',
  mass: 'standard atomic weight',
  'element.year': 'year of first isolation',
  'invention.year': 'year of introduction',
  born: 'year of birth',
  died: 'year of death',
  units: 'number of units built in its first decade',
  role: 'occupation',
  'scientist.role': 'field',
}

function possessive(kind: ArticleKind): string {
  return kind === 'scientist' || kind === 'inventor' ? 'their' : 'its'
}

function nounFor(kind: ArticleKind, key: string, fallback: string): string {
  return NOUNS[`${kind}.${key}`] ?? NOUNS[key] ?? fallback.replace(/ \(.*\)$/, '').toLowerCase()
}

const SUPERLATIVES: Record<string, [high: string, low: string]> = {
  founded: ['latest', 'earliest'],
  born: ['latest', 'earliest'],
  died: ['latest', 'earliest'],
  year: ['latest', 'earliest'],
  length: ['longest', 'shortest'],
  area: ['largest', 'smallest'],
  basin: ['largest', 'smallest'],
  weight: ['greatest', 'smallest'],
}

const searchBox: Target = {selector: 'form.header-search input[name="q"]', description: 'the search box in the header'}

function openArticle(article: Article): SolutionStep[] {
  return [
    {op: 'type', target: searchBox, text: article.title, submit: true},
    {op: 'click', target: {selector: `a.result-link[data-article="${article.slug}"]`, description: `the search result "${article.title}"`}},
  ]
}

function followInfobox(key: string, label: string, target: Article): SolutionStep {
  return {op: 'click', target: {selector: `table.infobox tr[data-key="${key}"] a.wiki-link`, description: `the "${target.title}" link in the ${label} row of the infobox`}}
}

function mentions(value: string) {
  return ({answer}: CheckInput<EncyclopediaState>) => answerMentions(answer, value)
}

function fact(text: string, value: string): FactDef<EncyclopediaState> {
  return {text, check: mentions(value)}
}

/** The answer names `first` and, if it also names `other`, names `first` before it. */
function namesFirst(first: string, other: string) {
  return ({answer}: CheckInput<EncyclopediaState>) => {
    if (!answerMentions(answer, first)) return false
    if (!answerMentions(answer, other)) return true
    const text = ` ${normaliseAnswer(answer ?? '')} `
    return text.indexOf(` ${normaliseAnswer(first)} `) < text.indexOf(` ${normaliseAnswer(other)} `)
  }
}

function makeTasks(site: SiteInfo, model: EncyclopediaModel): FixtureTaskDef<EncyclopediaState>[] {
  const rng = rngFor(site, 'tasks')
  const spec = TOPIC_TASKS[model.topic]
  return [lookupTask(site, model, spec, rng), reverseTask(site, model, spec, rng), categoryTask(site, model, rng), compareTask(site, model, spec, rng), chainTask(site, model, spec, rng), reportTask(site, model, rng), watchTask(site, model, rng)].filter(
    (task): task is FixtureTaskDef<EncyclopediaState> => task !== null,
  )
}

function lookupTask(site: SiteInfo, model: EncyclopediaModel, spec: TopicTasks, rng: SeededRandom): FixtureTaskDef<EncyclopediaState> {
  const kinds = Object.keys(spec.lookups) as ArticleKind[]
  const kind = pick(rng, kinds)
  const article = pick(rng, model.articles.filter((a) => a.kind === kind))
  const questions = spec.lookups[kind]!
  const key = pick(rng, Object.keys(questions).filter((k) => row(article, k)))
  const info = row(article, key)!
  return {
    key: `infobox-${imageName(article.title)}-${key}`,
    kind: 'lookup',
    intent: `On ${site.name}, what is the ${questions[key]} of ${article.title}, according to its article?`,
    groups: [{description: `The ${questions[key]} of ${article.title}`, facts: [fact(`The answer gives the ${questions[key]} of ${article.title} as ${info.text}`, info.value)]}],
    referenceAnswer: info.text,
    solution: [...openArticle(article), {op: 'answer', text: info.text}],
  }
}

function reverseTask(site: SiteInfo, model: EncyclopediaModel, spec: TopicTasks, rng: SeededRandom): FixtureTaskDef<EncyclopediaState> | null {
  const options = spec.reverse.flatMap((r) =>
    model.articles
      .filter((a) => a.kind === r.kind && row(a, r.key) && row(a, r.answerKey))
      .filter((a) => model.articles.filter((b) => b.kind === r.kind && row(b, r.key)?.value === row(a, r.key)!.value).length === 1)
      .filter((a) => search(model, r.query(row(a, r.key)!)).slice(0, RESULTS_PER_PAGE).includes(a))
      .map((a) => ({r, a})),
  )
  if (options.length === 0) return null
  const {r, a} = pick(rng, options)
  const known = row(a, r.key)!
  const wanted = row(a, r.answerKey)!
  const query = r.query(known)
  const kindLabel = KIND_LABELS[r.kind].one
  const wantedNoun = nounFor(a.kind, r.answerKey, wanted.label)
  const answer = `${a.title}, ${wanted.text}`
  return {
    key: `which-${imageName(a.title)}`,
    kind: 'search',
    intent: `On ${site.name}, find the ${kindLabel} ${r.phrase(known.text)}. What is ${possessive(r.kind)} name, and what is ${possessive(r.kind)} ${wantedNoun}?`,
    groups: [
      {description: `The ${kindLabel} ${r.phrase(known.text)}`, facts: [fact(`The answer names ${a.title}`, a.title)]},
      {description: `Its ${wantedNoun}`, facts: [fact(`The answer gives the ${wantedNoun} ${wanted.text}`, wanted.value)]},
    ],
    referenceAnswer: answer,
    solution: [
      {op: 'type', target: searchBox, text: query, submit: true},
      {op: 'click', target: {selector: `a.result-link[data-article="${a.slug}"]`, description: `the search result "${a.title}"`}},
      {op: 'answer', text: answer},
    ],
  }
}

function categoryTask(site: SiteInfo, model: EncyclopediaModel, rng: SeededRandom): FixtureTaskDef<EncyclopediaState> | null {
  const options = model.categories.flatMap((cat) =>
    cat.columns.flatMap((key) => {
      const members = cat.members.map((slug) => articleBySlug(model, slug)!)
      if (members.length < 3 || members.some((m) => row(m, key)?.num === undefined)) return []
      return (['desc', 'asc'] as const).flatMap((dir) => {
        const sorted = sortedMembers(model, cat, key, dir)
        if (row(sorted[0]!, key)!.num === row(sorted[1]!, key)!.num) return []
        const other = cat.columns.find((c) => c !== key && row(sorted[0]!, c)?.num !== undefined)
        return other ? [{cat, key, dir, best: sorted[0]!, other}] : []
      })
    }),
  )
  if (options.length === 0) return null
  const {cat, key, dir, best, other} = pick(rng, options)
  const kindOf = cat.kind
  const metric = nounFor(kindOf, key, COLUMN_LABELS[key] ?? key)
  const otherLabel = nounFor(kindOf, other, COLUMN_LABELS[other] ?? other)
  const [high, low] = SUPERLATIVES[key] ?? ['highest', 'lowest']
  const extreme = dir === 'desc' ? high : low
  const value = row(best, key)!
  const second = row(best, other)!
  const answer = `${best.title}: ${metric} ${value.text}, ${otherLabel} ${second.text}`
  const sortStep: SolutionStep = {op: 'click', target: {selector: `a.sort-link[data-sort="${key}"]`, description: `the "${COLUMN_LABELS[key]}" sort link`}}
  return {
    key: `category-${imageName(cat.name)}-${key}-${dir}`,
    kind: 'search',
    intent: `On ${site.name}, open the category "${cat.name}". Which of its ${KIND_LABELS[cat.kind].many} has the ${extreme} ${metric}? Give ${possessive(cat.kind)} name, that ${metric}, and ${possessive(cat.kind)} ${otherLabel}.`,
    groups: [
      {description: `The ${KIND_LABELS[cat.kind].one} with the ${extreme} ${metric}`, facts: [fact(`The answer names ${best.title}`, best.title), fact(`The answer gives its ${metric} as ${value.text}`, value.value)]},
      {description: `A further detail`, facts: [fact(`The answer gives its ${otherLabel} as ${second.text}`, second.value)]},
    ],
    referenceAnswer: answer,
    solution: [
      {op: 'click', target: {selector: 'nav.main-nav a[href="/categories"]', description: 'the "Categories" link in the navigation'}},
      {op: 'click', target: {selector: `a.category-link[data-category="${cat.slug}"]`, description: `the category "${cat.name}"`}},
      sortStep,
      ...(dir === 'asc' ? [sortStep] : []),
      {op: 'answer', text: answer},
    ],
  }
}

function difference(a: InfoRow, b: InfoRow): string {
  const diff = Math.abs(Math.round(a.num! * 100) - Math.round(b.num! * 100)) / 100
  return Number.isInteger(diff) ? fmt(diff) : fixed2(diff)
}

function compareTask(site: SiteInfo, model: EncyclopediaModel, spec: TopicTasks, rng: SeededRandom): FixtureTaskDef<EncyclopediaState> | null {
  const {kind, relation, relationNoun, metrics} = spec.compare
  const options = model.articles
    .filter((a) => a.kind === kind && linked(model, a, relation))
    .flatMap((a) => {
      const b = linked(model, a, relation)!
      return metrics.filter((m) => row(a, m.key)?.num !== undefined && row(b, m.key)?.num !== undefined && row(a, m.key)!.num !== row(b, m.key)!.num).map((m) => ({a, b, m}))
    })
  if (options.length === 0) return null
  const {a, b, m} = pick(rng, options)
  const va = row(a, m.key)!
  const vb = row(b, m.key)!
  const aWins = m.higherWins ? va.num! > vb.num! : va.num! < vb.num!
  const [winner, loser] = aWins ? [a, b] : [b, a]
  const diff = difference(va, vb)
  const answer = `${winner.title}. ${a.title}: ${va.text}; ${b.title}: ${vb.text}; difference ${diff}${m.unit}`
  return {
    key: `compare-${imageName(a.title)}-${m.key}`,
    kind: 'lookup',
    intent: `On ${site.name}, the article on ${a.title} names ${b.title} as its ${relationNoun}. ${m.question}? Name it first, then give the ${m.noun} of both and the difference between them.`,
    groups: [
      {description: 'The comparison', facts: [{text: `The answer names ${winner.title} (not ${loser.title}) as the one asked for`, check: namesFirst(winner.title, loser.title)}]},
      {description: 'Both values', facts: [fact(`The answer gives the ${m.noun} of ${a.title} as ${va.text}`, va.value), fact(`The answer gives the ${m.noun} of ${b.title} as ${vb.text}`, vb.value)]},
      {description: 'The difference', facts: [fact(`The answer gives the difference as ${diff}${m.unit}`, diff)]},
    ],
    referenceAnswer: answer,
    solution: [...openArticle(a), followInfobox(relation, row(a, relation)!.label, b), {op: 'answer', text: answer}],
  }
}

function chainTask(site: SiteInfo, model: EncyclopediaModel, spec: TopicTasks, rng: SeededRandom): FixtureTaskDef<EncyclopediaState> | null {
  const c = spec.chain
  const options = model.articles
    .filter((x) => x.kind === c.start && row(x, c.f1))
    .map((x) => {
      const y = linked(model, x, c.r1)
      const z = y ? linked(model, y, c.r2) : undefined
      return {x, y, z}
    })
    .filter((o): o is {x: Article; y: Article; z: Article} => o.y !== undefined && o.z !== undefined && o.z !== o.x && row(o.y, c.f2) !== undefined && row(o.z, c.f3) !== undefined && row(o.z, c.f4) !== undefined && (dataTable(o.z)?.rows.length ?? 0) > 0)
  if (options.length === 0) return null
  const {x, y, z} = pick(rng, options)
  const rows = dataTable(z)!.rows
  // The last census row repeats the infobox, so it is not asked.
  const tableRow = pick(rng, rows.length > 2 ? rows.slice(0, -1) : rows)
  const cell = plainText([tableRow.cells[c.tableColumn]!])
  const [v1, v2, v3, v4] = [row(x, c.f1)!, row(y, c.f2)!, row(z, c.f3)!, row(z, c.f4)!]
  const [n1, n2, n3, n4] = [nounFor(x.kind, c.f1, v1.label), nounFor(y.kind, c.f2, v2.label), nounFor(z.kind, c.f3, v3.label), nounFor(z.kind, c.f4, v4.label)]
  const noun = (r: InfoRow) => (r === v1 ? n1 : r === v2 ? n2 : r === v3 ? n3 : n4)
  const answer = `${x.title}: ${noun(v1)} ${v1.text}. ${y.title}: ${noun(v2)} ${v2.text}. ${z.title}: ${noun(v3)} ${v3.text}, ${noun(v4)} ${v4.text}, ${tableRow.key}: ${cell}.`
  return {
    key: `chain-${imageName(x.title)}`,
    kind: 'lookup',
    intent: `On ${site.name}, start from the article on ${x.title} and give its ${n1}. Then follow its infobox to ${c.r1Noun}, and give that article's title and the ${n2} it states. From there, follow the infobox on to ${c.r2Noun}, and give that article's title, the ${n3}, the ${n4}, and ${c.tableQuestion(tableRow.key)}.`,
    groups: [
      {description: x.title, facts: [fact(`The answer gives the ${noun(v1)} of ${x.title} as ${v1.text}`, v1.value)]},
      {description: `${capitalise(c.r1Noun)}`, facts: [fact(`The answer names ${y.title}`, y.title), fact(`The answer gives the ${noun(v2)} of ${y.title} as ${v2.text}`, v2.value)]},
      {
        description: `${capitalise(c.r2Noun)}`,
        facts: [
          fact(`The answer names ${z.title}`, z.title),
          fact(`The answer gives the ${noun(v3)} of ${z.title} as ${v3.text}`, v3.value),
          fact(`The answer gives the ${noun(v4)} of ${z.title} as ${v4.text}`, v4.value),
          fact(`The answer gives ${cell} for ${tableRow.key} from the table in ${z.title}`, cell),
        ],
      },
    ],
    referenceAnswer: answer,
    solution: [
      ...openArticle(x),
      followInfobox(c.r1, row(x, c.r1)!.label, y),
      followInfobox(c.r2, row(y, c.r2)!.label, z),
      {op: 'scroll_to', target: {selector: `table.data-table tr[data-row="${tableRow.key}"]`, description: `the ${tableRow.key} row of the "${dataTable(z)!.caption}" table`}},
      {op: 'answer', text: answer},
    ],
  }
}

const REPORTERS = ['j.moreau@example.org', 'l.fischer@example.com', 'r.menon@example.net', 'a.novak@example.org', 'k.lindqvist@example.com', 'd.whitfield@example.net']

function reportDetails(article: Article, problem: ProblemType, rng: SeededRandom): string {
  const info = pick(rng, article.infobox.filter((r) => !r.links))
  switch (problem) {
    case 'factual':
      return `The ${info.label} value in the infobox does not match the source cited in the references`
    case 'outdated':
      return `The ${info.label} value given in the infobox seems to be out of date`
    case 'typo':
      return `There is a spelling mistake in the ${pick(rng, article.sections).heading} section`
    case 'link':
      return `A link in the See also section of ${article.title} points to the wrong article`
  }
}

function reportTask(site: SiteInfo, model: EncyclopediaModel, rng: SeededRandom): FixtureTaskDef<EncyclopediaState> {
  const article = pick(rng, model.articles)
  const problem = pick(rng, PROBLEMS)
  const details = reportDetails(article, problem.id, rng)
  const email = pick(rng, REPORTERS)
  const reference = reportReference(site, {article: article.slug, problem: problem.id, details, email})
  const filed = (state: EncyclopediaState) => state.reports.filter((r) => r.article === article.slug)
  const reportFact = (text: string, test: (r: ProblemReport) => boolean): FactDef<EncyclopediaState> => ({text, check: ({state}) => filed(state).some(test)})
  return {
    key: `report-${imageName(article.title)}`,
    kind: 'form',
    intent: `On ${site.name}, report a problem with the article "${article.title}": choose the problem type "${problem.label}", write the details "${details}", and give the email address ${email}. Tell me the reference number you receive.`,
    groups: [
      {
        description: 'The report',
        facts: [
          reportFact(`A problem report was filed on the article ${article.title}`, () => true),
          reportFact(`The problem type is "${problem.label}"`, (r) => r.problem === problem.id),
          reportFact(`The details say "${details}"`, (r) => normaliseDetails(r.details) === normaliseDetails(details)),
          reportFact(`The contact email is ${email}`, (r) => r.email.toLowerCase() === email),
        ],
      },
      {description: 'Confirmation', facts: [{text: `The answer reports the reference number ${reference}`, check: ({answer}) => answerMentions(answer, reference)}]},
    ],
    referenceAnswer: reference,
    solution: [
      ...openArticle(article),
      {op: 'click', target: {selector: 'a.report-link', description: 'the "Report a problem" tab of the article'}},
      {op: 'click', target: {selector: `label[for="problem-${problem.id}"]`, description: `the "${problem.label}" option`}},
      {op: 'type', target: {selector: '#details', description: 'the Details field'}, text: details},
      {op: 'type', target: {selector: '#email', description: 'the email address field'}, text: email},
      {op: 'click', target: {selector: 'button.submit-report', description: 'the "Send report" button'}},
      {op: 'answer', text: reference},
    ],
  }
}

function watchTask(site: SiteInfo, model: EncyclopediaModel, rng: SeededRandom): FixtureTaskDef<EncyclopediaState> {
  const [first, second] = sample(rng, model.articles, 2) as [Article, Article]
  const watchButton: SolutionStep = {op: 'click', target: {selector: 'button.watch-button', description: 'the "☆ Watch" button at the top of the article'}}
  return {
    key: `watch-${imageName(first.title)}-${imageName(second.title)}`,
    kind: 'state',
    intent: `On ${site.name}, add the articles "${first.title}" and "${second.title}" to your watchlist, and nothing else.`,
    groups: [
      {
        description: 'The watchlist',
        facts: [
          {text: `"${first.title}" is on the watchlist`, check: ({state}) => state.watchlist.includes(first.slug)},
          {text: `"${second.title}" is on the watchlist`, check: ({state}) => state.watchlist.includes(second.slug)},
          {text: 'The watchlist holds no other articles', check: ({state}) => state.watchlist.length > 0 && state.watchlist.every((s) => s === first.slug || s === second.slug)},
        ],
      },
    ],
    referenceAnswer: null,
    solution: [...openArticle(first), watchButton, ...openArticle(second), watchButton],
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Styles

const WIKI_CSS = `
.welcome{display:flex;justify-content:space-between;align-items:center;gap:24px;margin-bottom:18px}
.welcome h1{font-size:30px;margin-bottom:4px}
.kicker{text-transform:uppercase;letter-spacing:.08em;font-size:12px;font-weight:700;opacity:.6;margin:0 0 4px}
.portal-links{display:grid;grid-template-columns:1fr 1fr;gap:6px 18px;font-weight:600;min-width:320px}
.portal::before{content:"▸ ";color:#999}
.home-grid{display:grid;gap:16px;align-items:start}
.home-grid.cols-2{grid-template-columns:3fr 2fr}
.home-grid.cols-3{grid-template-columns:2fr 1fr 1fr}
.home-grid.cols-3 .featured{grid-row:span 2}
.box-title{font-size:16px;text-transform:uppercase;letter-spacing:.04em;border-bottom:2px solid rgba(0,0,0,.1);padding-bottom:6px}
.featured-img{float:left;margin:4px 14px 8px 0;border:1px solid rgba(0,0,0,.1)}
.featured p{margin:0 0 10px}
.home-grid ul{padding-left:18px;margin:0}.home-grid li{margin:5px 0}
.wiki-layout{display:flex;gap:22px;align-items:flex-start}
.wiki-layout.side-right{flex-direction:row-reverse}
.wiki-sidebar{width:190px;flex:none;font-size:14px;position:sticky;top:10px}
.wiki-sidebar h4{font-size:12px;text-transform:uppercase;letter-spacing:.06em;color:#72777d;margin:14px 0 6px;border-bottom:1px solid rgba(0,0,0,.1);padding-bottom:3px}
.wiki-sidebar > a{display:block;padding:2px 0}
.wiki-sidebar .toc{display:block;min-width:0;padding:8px 10px;margin-top:12px}
.wiki-article{flex:1;min-width:0;padding:18px 26px}
.article-tabs{display:flex;gap:4px;border-bottom:1px solid #a2a9b1;margin:-4px 0 12px;align-items:flex-end}
.tab{padding:6px 14px;border:1px solid transparent;border-bottom:none;font-size:14px}
.tab.active{border-color:#a2a9b1;background:#fff;margin-bottom:-1px;font-weight:600}
.watch-form{margin-left:auto}
.watch-button{font:inherit;font-size:14px;background:none;border:1px solid rgba(0,0,0,.15);border-radius:4px;padding:4px 12px;cursor:pointer;margin-bottom:4px}
.watch-button.watched{background:#fff6d6;border-color:#e0c060}
.article-title{font-family:"DejaVu Serif","Liberation Serif",Georgia,serif;font-weight:400;font-size:31px;border-bottom:1px solid #a2a9b1;padding-bottom:4px;margin-bottom:2px}
.from-line{font-size:13px;margin:4px 0 14px}
.article-body{line-height:1.6}
.article-body p{margin:0 0 12px}
.article-body h2{font-family:"DejaVu Serif","Liberation Serif",Georgia,serif;font-weight:400;font-size:23px;border-bottom:1px solid #a2a9b1;padding-bottom:3px;margin:26px 0 10px;overflow:hidden}
.infobox{float:right;clear:right;width:310px;margin:0 0 16px 22px;border:1px solid #a2a9b1;background:#f8f9fa;font-size:13.5px;line-height:1.45}
.infobox caption{font-weight:700;font-size:17px;padding:6px;background:rgba(0,0,0,.05);border:1px solid #a2a9b1;border-bottom:none}
.infobox th{width:44%;background:transparent;padding:5px 8px}
.infobox td{padding:5px 8px}
.infobox-image{text-align:center}.infobox-image img{margin:0 auto;width:270px;height:auto}
.image-caption{font-size:12.5px;color:#54595d;margin-top:4px}
.toc{display:inline-block;border:1px solid #a2a9b1;background:#f8f9fa;padding:10px 18px 10px 14px;margin:6px 0 16px;min-width:250px;font-size:14px}
.toc-head{text-align:center;margin-bottom:4px}
.toc-toggle{font:inherit;font-size:12px;background:none;border:none;color:inherit;cursor:pointer;text-decoration:underline}
.toc-list{margin:0;padding-left:4px;list-style:none}.toc-list li{margin:3px 0}
.tocnumber{color:#54595d;margin-right:4px}
.data-table{width:auto;min-width:50%;margin:8px 0 18px;border:1px solid #a2a9b1;background:#f8f9fa;font-size:14px}
.data-table caption{font-weight:700;padding:6px;text-align:left}
.data-table th{background:#eaecf0;border:1px solid #a2a9b1}
.data-table td{border:1px solid #c8ccd1;background:#fff}
.references{font-size:13.5px}
.see-also{margin-top:0}
.catlinks{clear:both;border:1px solid #a2a9b1;background:#f8f9fa;padding:8px 12px;margin-top:22px;font-size:14px}
.last-edited{font-size:12.5px;margin-top:12px}
.search-page-form{display:flex;gap:8px;margin:8px 0 14px;max-width:640px}.search-page-form input{flex:1}
.exact-hint{font-weight:600}
.search-results{list-style:none;padding:0;margin:0}
.search-result{padding:10px 0;border-bottom:1px solid rgba(0,0,0,.07);display:flex;gap:14px}
.search-result img{flex:none;border:1px solid rgba(0,0,0,.1)}
.result-link{font-size:18px;font-weight:600}
.snippet{margin:3px 0;font-size:14px}.snippet mark{background:#fff2a8;font-weight:700;padding:0 1px}
.result-meta{font-size:12.5px}
.category-groups{display:grid;grid-template-columns:repeat(auto-fill,minmax(300px,1fr));gap:10px 30px}
.category-group ul{padding-left:18px}.category-group li{margin:4px 0}
.member-table th a{color:inherit;white-space:nowrap}
.member-table td:first-child{font-weight:600}
.sort-link.active{text-decoration:underline}
.sort-bar{display:flex;flex-wrap:wrap;gap:6px;margin:8px 0 14px;align-items:baseline}
.member-cards{display:grid;grid-template-columns:repeat(auto-fill,minmax(220px,1fr));gap:14px}
.member-card{border:1px solid rgba(0,0,0,.1);border-radius:6px;overflow:hidden;background:#fff}
.member-card img{width:100%;height:110px;object-fit:cover}
.member-card h3{font-size:16px;margin:8px 12px 4px}
.member-card dl{display:grid;grid-template-columns:auto 1fr;gap:2px 10px;margin:0 12px 12px;font-size:13px}
.member-card dt{color:#666}.member-card dd{margin:0;font-weight:600}
.letter-bar a{font-weight:700;margin-right:8px}
.index-list{columns:3;padding-left:18px}
.problem-types{border:1px solid rgba(0,0,0,.12);border-radius:6px;padding:10px 14px}
.problem-types legend{font-weight:600;padding:0 4px}
.radio-line{display:flex;align-items:center;gap:6px;margin:4px 0}.radio-line label{display:inline;margin:0;font-weight:400}
.problem-types.invalid{border-color:#c62828;background:#fff6f6}
.report-form textarea{font:inherit;padding:8px 10px;border:1px solid #b8bec7;border-radius:4px}
blockquote{border-left:4px solid rgba(0,0,0,.15);margin:10px 0;padding:4px 14px;color:#444}
`
