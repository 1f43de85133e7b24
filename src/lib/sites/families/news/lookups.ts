// Lookups in the model: an article by id and its author.
import type {Article, Author, NewsModel} from './types.js'

export function authorOf(model: NewsModel, a: Article): Author {
  return model.authors.find((author) => author.id === a.authorId)!
}

export function articleById(model: NewsModel, id: number): Article {
  return model.articles.find((a) => a.id === id)!
}
