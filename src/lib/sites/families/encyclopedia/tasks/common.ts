// Wording and solution steps shared by the tasks: nouns for infobox values, opening an article, following an infobox link.
import type {SolutionStep, Target} from '../../../../schema/solution.js'
import type {Article, ArticleKind} from '../types.js'

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

export function possessive(kind: ArticleKind): string {
  return kind === 'scientist' || kind === 'inventor' ? 'their' : 'its'
}

export function nounFor(kind: ArticleKind, key: string, fallback: string): string {
  return NOUNS[`${kind}.${key}`] ?? NOUNS[key] ?? fallback.replace(/ \(.*\)$/, '').toLowerCase()
}

export const searchBox: Target = {
  selector: 'form.header-search input[name="q"]',
  description: 'the search box in the header',
}

export function openArticle(article: Article): SolutionStep[] {
  return [
    {op: 'type', target: searchBox, text: article.title, submit: true},
    {
      op: 'click',
      target: {
        selector: `a.result-link[data-article="${article.slug}"]`,
        description: `the search result "${article.title}"`,
      },
    },
  ]
}

export function followInfobox(key: string, label: string, target: Article): SolutionStep {
  return {
    op: 'click',
    target: {
      selector: `table.infobox tr[data-key="${key}"] a.wiki-link`,
      description: `the "${target.title}" link in the ${label} row of the infobox`,
    },
  }
}
