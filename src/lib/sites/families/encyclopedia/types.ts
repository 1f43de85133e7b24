// The encyclopedia's types: articles and their parts, categories, the model and a session's state.
import type {ImageKind} from '../../images.js'
import type {SiteContext} from '../../types.js'

export type Topic = 'places' | 'elements' | 'inventions'
export type ArticleKind = 'city' | 'river' | 'element' | 'scientist' | 'invention' | 'inventor'

/** An internal link to another article. */
export interface Link {
  slug: string
  text: string
}
export type Segment = string | Link
export type Paragraph = Segment[]

export interface InfoRow {
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

export interface TableRow {
  key: string
  cells: Segment[]
}

export interface DataTable {
  caption: string
  columns: string[]
  rows: TableRow[]
}

export interface Section {
  id: string
  heading: string
  paragraphs: Paragraph[]
  table?: DataTable
}

export interface Article {
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

export interface Category {
  slug: string
  name: string
  description: string
  kind: ArticleKind
  members: string[]
  /** Infobox keys shown as columns of the member table. */
  columns: string[]
}

export interface Layout {
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

export type ProblemType = 'factual' | 'outdated' | 'typo' | 'link'

export interface ProblemReport {
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

export type Context = SiteContext<EncyclopediaModel, EncyclopediaState>
