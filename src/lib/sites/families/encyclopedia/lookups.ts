// Lookups in the model: an article by slug, an infobox row, a linked article, the data table, sorted category members.
import type {Article, Category, DataTable, EncyclopediaModel, InfoRow} from './types.js'

export function articleBySlug(model: EncyclopediaModel, slug: string): Article | undefined {
  return model.articles.find((a) => a.slug === slug)
}

export function row(article: Article, key: string): InfoRow | undefined {
  return article.infobox.find((r) => r.key === key)
}

export function linked(model: EncyclopediaModel, article: Article, key: string): Article | undefined {
  const target = row(article, key)?.links?.[0]
  return target ? articleBySlug(model, target.slug) : undefined
}

export function dataTable(article: Article): DataTable | undefined {
  return article.sections.find((s) => s.table)?.table
}

export function sortedMembers(model: EncyclopediaModel, cat: Category, sort: string, dir: 'asc' | 'desc'): Article[] {
  const members = cat.members.map((slug) => articleBySlug(model, slug)!).filter(Boolean)
  if (!cat.columns.includes(sort)) return members.sort((a, b) => a.title.localeCompare(b.title))
  const sign = dir === 'asc' ? 1 : -1
  return members.sort((a, b) => {
    const x = row(a, sort)
    const y = row(b, sort)
    const order =
      x?.num !== undefined && y?.num !== undefined ? x.num - y.num : (x?.text ?? '').localeCompare(y?.text ?? '')
    return sign * order || a.title.localeCompare(b.title)
  })
}
