// Pieces shared by the tasks: cookie-banner and search steps, readers to register as, how an article is named.
import type {SolutionStep, Target} from '../../../../schema/solution.js'
import {SECTION_INFO} from '../labels.js'
import type {Article} from '../types.js'

const searchBox: Target = {selector: 'form.header-search input[name="q"]', description: 'the search box in the header'}
export const acceptCookies: SolutionStep = {
  op: 'click',
  target: {
    selector: '.cookie-banner button.accept-cookies',
    description: 'the "Accept all" button of the cookie banner',
  },
}
export const rejectCookies: SolutionStep = {
  op: 'click',
  target: {
    selector: '.cookie-banner button.reject-cookies',
    description: 'the "Reject non-essential" button of the cookie banner',
  },
}

export const READERS = [
  {name: 'Dana Whitfield', email: 'dana.whitfield@example.com', password: 'Marigold42'},
  {name: 'Ravi Menon', email: 'ravi.menon@example.com', password: 'Compass2027'},
  {name: 'Lena Fischer', email: 'lena.fischer@example.com', password: 'Harbour88x'},
  {name: 'Marcus Hale', email: 'marcus.hale@example.com', password: 'Quarry5stone'},
  {name: 'Sofia Alvarez', email: 'sofia.alvarez@example.com', password: 'Violet2026'},
]

export function openArticleBySearch(a: Article): SolutionStep[] {
  return [
    {op: 'type', target: searchBox, text: a.headline, submit: true},
    {
      op: 'click',
      target: {
        selector: `.search-results a.headline-link[data-article="${a.id}"]`,
        description: `the search result "${a.headline}"`,
      },
    },
  ]
}

export function scrollToParagraph(paragraph: number): SolutionStep {
  return {
    op: 'scroll_to',
    target: {
      selector: `.article-body p[data-para="${paragraph}"]`,
      description: `paragraph ${paragraph + 1} of the article`,
    },
  }
}

export function sectionArticleName(a: Article): string {
  return `the ${SECTION_INFO[a.section].label} article “${a.headline}”`
}
