// Pieces every topic builder uses: unique names, infobox rows, references, categories and finishing an article.
import type {SeededRandom} from '../../../../random/seeded-random.js'
import {between, pick} from '../../../random-pick.js'
import {COUNTRIES, FAMILY, GIVEN, MONTHS, PLACE_END, PLACE_START, PUBLISHERS} from '../data.js'
import {slugOf} from '../format.js'
import {plainText} from '../prose.js'
import type {Article, ArticleKind, Category, InfoRow, Link} from '../types.js'

export function uniqueNames(count: number, make: () => string, taken: Set<string> = new Set()): string[] {
  const names: string[] = []
  for (let tries = 0; names.length < count && tries < count * 200; tries++) {
    const name = make()
    if (taken.has(name)) continue
    taken.add(name)
    names.push(name)
  }
  return names
}

export function personName(rng: SeededRandom): string {
  return `${pick(rng, GIVEN)} ${pick(rng, FAMILY)}`
}

export function townName(rng: SeededRandom): string {
  return pick(rng, PLACE_START) + pick(rng, PLACE_END)
}

export function editedDate(rng: SeededRandom): string {
  return `${between(rng, 1, 28)} ${pick(rng, MONTHS.slice(0, 5))} 2026`
}

export function infoRow(key: string, label: string, text: string, value = text, num?: number): InfoRow {
  return {key, label, text, value, num}
}

export function linkRow(key: string, label: string, links: Link[]): InfoRow {
  return {key, label, text: links.map((l) => l.text).join(', '), value: links.map((l) => l.text).join(', '), links}
}

export function reference(rng: SeededRandom, subject: string): string {
  return `${pick(rng, FAMILY)}, ${pick(rng, GIVEN).charAt(0)}. (${between(rng, 1962, 2024)}). ${subject}. ${pick(rng, COUNTRIES)} ${pick(rng, PUBLISHERS)}. p. ${between(rng, 12, 480)}.`
}

interface ArticleDraft extends Omit<Article, 'plain' | 'categories'> {
  categories?: string[]
}

export function finish(draft: ArticleDraft): Article {
  const parts = [
    draft.title,
    ...draft.lead.map(plainText),
    ...draft.sections.flatMap((s) => [
      s.heading,
      ...s.paragraphs.map(plainText),
      ...(s.table ? s.table.rows.map((r) => plainText(r.cells)) : []),
    ]),
    ...draft.infobox.map((row) => `${row.label} ${row.text}`),
  ]
  return {...draft, categories: draft.categories ?? [], plain: parts.join('\n')}
}

export interface Built {
  subject: string
  tagline: string
  primary: ArticleKind
  articles: Article[]
  categories: Category[]
}

export function category(
  name: string,
  kind: ArticleKind,
  description: string,
  members: string[],
  columns: string[],
): Category {
  return {slug: slugOf(name), name, kind, description, members, columns}
}
