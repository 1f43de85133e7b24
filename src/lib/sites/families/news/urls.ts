// Site paths: article and section links, the current URL, and safe return paths.
import {queryString} from '../../html.js'
import type {SiteRequest} from '../../types.js'
import type {Article, ArticleKind, SectionId} from './types.js'

/** A same-site path to return to, or `/`. */
export function safeNext(value: string | null): string {
  return value && value.startsWith('/') && !value.startsWith('//') ? value : '/'
}

export function currentUrl(request: SiteRequest): string {
  const query = request.query.toString()
  return query ? `${request.path}?${query}` : request.path
}

export function articleHref(a: Article): string {
  return `/article/${a.id}/${a.slug}`
}

export function sectionHref(id: SectionId, kind: ArticleKind | undefined, pageNumber: number): string {
  return `/section/${id}${queryString({kind, page: pageNumber > 1 ? pageNumber : undefined})}`
}
