// Labels shared by pages, forms and tasks: article kinds, sections and cookie categories.
import type {ArticleKind, SectionId} from './types.js'

export const KIND_LABELS: Record<ArticleKind, string> = {
  news: 'News',
  analysis: 'Analysis',
  opinion: 'Opinion',
  interview: 'Interview',
  explainer: 'Explainer',
}

export const SECTION_INFO: Record<SectionId, {label: string; blurb: string; desk: string}> = {
  world: {label: 'World', blurb: 'Reporting and analysis from every continent.', desk: 'World affairs correspondent'},
  politics: {
    label: 'Politics',
    blurb: 'Parliament, parties and the policies that shape daily life.',
    desk: 'Political correspondent',
  },
  business: {label: 'Business', blurb: 'Companies, markets and the economy.', desk: 'Business reporter'},
  tech: {
    label: 'Tech',
    blurb: 'Technology, the companies behind it and how it changes our lives.',
    desk: 'Technology editor',
  },
  science: {
    label: 'Science',
    blurb: 'Discoveries, research and the people behind them.',
    desk: 'Science correspondent',
  },
  sport: {
    label: 'Sport',
    blurb: 'Results, transfers, interviews and the stories behind the scores.',
    desk: 'Sports writer',
  },
  culture: {label: 'Culture', blurb: 'Books, film, music and the arts.', desk: 'Arts and culture writer'},
  climate: {
    label: 'Climate',
    blurb: 'The environment, energy and our changing planet.',
    desk: 'Environment correspondent',
  },
}

export const COOKIE_CATEGORIES = [
  {
    id: 'analytics',
    label: 'Analytics cookies',
    blurb: 'Help us understand which stories are read, so we can improve the site.',
  },
  {
    id: 'advertising',
    label: 'Advertising cookies',
    blurb: 'Let our partners show personalised adverts based on your interests.',
  },
  {id: 'social', label: 'Social media cookies', blurb: 'Show posts and videos from social networks inside articles.'},
] as const
export type CookieCategory = (typeof COOKIE_CATEGORIES)[number]['id']
