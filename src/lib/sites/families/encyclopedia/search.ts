// Full-text search over the articles, and the result snippets with the query words marked.
import {normaliseAnswer} from '../../check-helpers.js'
import {html, type Html} from '../../html.js'
import type {Article, EncyclopediaModel} from './types.js'

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

export function search(model: EncyclopediaModel, q: string): Article[] {
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
  return scored
    .sort((a, b) => b.score - a.score || a.article.title.localeCompare(b.article.title))
    .map((hit) => hit.article)
}

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

/** About 200 characters of the article around the first query word, with the query words marked. */
export function snippet(article: Article, q: string): Html {
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
