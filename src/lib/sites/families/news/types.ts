// The news site's types: articles, authors, story templates, the model and a session's state.
import type {SiteContext} from '../../types.js'

export type SectionId = 'world' | 'politics' | 'business' | 'tech' | 'science' | 'sport' | 'culture' | 'climate'
export type ArticleKind = 'news' | 'analysis' | 'opinion' | 'interview' | 'explainer'
export type DateStyle = 'dmy' | 'mdy'
export type AnswerType = 'number' | 'person' | 'date'

export interface Question {
  /** The question as a task asks it, e.g. "How many jobs will Halden Freight cut?". */
  ask: string
  answer: string
  type: AnswerType
  /** Index of the first paragraph that states the answer. */
  paragraph: number
  /** For a date: the ISO form, so a check can accept any common way of writing it. */
  iso?: string
}

export interface Article {
  id: number
  slug: string
  section: SectionId
  kind: ArticleKind
  headline: string
  standfirst: string
  authorId: number
  /** ISO calendar date, e.g. `2027-03-14`. */
  date: string
  time: string
  premium: boolean
  paragraphs: string[]
  /** The paragraph the pull quote follows (a little after the quote itself, as in print). */
  pullQuoteAfter: number
  quote: {text: string; name: string; role: string}
  questions: Question[]
  caption: string
  readMinutes: number
  comments: number
}

export interface Author {
  id: number
  name: string
  desk: SectionId
  title: string
  bio: string
}

export interface Layout {
  home: 'classic' | 'magazine'
  sidebar: 'left' | 'right'
  list: 'rows' | 'cards'
  banner: 'bar' | 'box' | 'modal'
  dateStyle: DateStyle
  pageSize: number
}

export interface NewsModel {
  tagline: string
  /** The site's "today", an ISO date. */
  today: string
  sections: SectionId[]
  authors: Author[]
  /** Newest first. */
  articles: Article[]
  mostRead: number[]
  editorsPicks: number[]
  /** Articles an anonymous reader may open per session before the paywall. */
  freeArticles: number
  layout: Layout
}

interface Consent {
  analytics: boolean
  advertising: boolean
  social: boolean
}

export interface Account {
  name: string
  email: string
  password: string
  marketing: boolean
}

export interface Subscription {
  code: string
  email: string
  topics: string[]
  frequency: Frequency
}

export type Frequency = 'daily' | 'weekly'

export interface NewsState {
  /** The cookie choice; null until the reader answers the banner. */
  consent: Consent | null
  account: Account | null
  signedIn: boolean
  /** Free articles opened while anonymous (the meter). */
  articlesRead: number[]
  subscriptions: Subscription[]
}

export interface StoryTemplate {
  headline: string
  standfirst: string
  /** Factual paragraphs; the quote paragraph is inserted after the second one. */
  paragraphs: readonly string[]
  quote: string
  /** Who speaks the quote (default `person`), and the speaker's role ('' for none). */
  quoteBy?: 'person' | 'person2'
  role: string
  numbers: Record<string, readonly number[]>
  decimals?: Record<string, readonly [number, number]>
  questions: readonly {ask: string; slot: string}[]
}

export interface Topic {
  id: string
  label: string
  blurb: string
}

export type Context = SiteContext<NewsModel, NewsState>
