// Story snippets and boxes shared by pages: kicker, byline, picture, story cards, most read, newsletter promo, picks.
import {html, type Html} from '../../../html.js'
import {formatDate} from '../dates.js'
import {KIND_LABELS, SECTION_INFO} from '../labels.js'
import {articleById, authorOf} from '../lookups.js'
import type {Article, NewsModel} from '../types.js'
import {articleHref} from '../urls.js'

export function kicker(a: Article): Html {
  return html`<span class="kicker kicker-${a.kind}">${a.kind === 'news' ? SECTION_INFO[a.section].label : KIND_LABELS[a.kind]}</span>${a.premium ? html`<span class="premium-badge" title="For registered readers">★ Premium</span>` : ''}`
}

export function meta(model: NewsModel, a: Article): Html {
  const author = authorOf(model, a)
  return html`<div class="story-meta"><span class="story-author">${author.name}</span> · <time datetime="${a.date}">${formatDate(a.date, model.layout.dateStyle)}</time>${a.comments > 0 ? html` · <span class="comments">${a.comments} comments</span>` : ''}</div>`
}

/** A story's picture linking to it; pictures below the fold load lazily, as on most news sites. */
export function thumb(a: Article, width: number, height: number, eager = false): Html {
  const kind =
    a.section === 'business' && a.id % 3 === 0 ? 'chart' : a.section === 'world' && a.id % 4 === 0 ? 'map' : 'photo'
  return html`<a class="thumb-link" href="${articleHref(a)}" tabindex="-1"><img src="/img/${kind}/story-${a.id}.svg" alt="" width="${width}" height="${height}"${eager ? '' : html` loading="lazy"`}></a>`
}

export function storyCard(model: NewsModel, a: Article, withImage = true): Html {
  return html`<article class="story-card">
    ${withImage ? thumb(a, 400, 240) : ''}
    <div class="story-text">${kicker(a)}<h3><a class="headline-link" data-article="${a.id}" href="${articleHref(a)}">${a.headline}</a></h3>
    <p class="standfirst">${a.standfirst}</p>${meta(model, a)}</div>
  </article>`
}

export function storyList(model: NewsModel, articles: Article[]): Html {
  return model.layout.list === 'rows'
    ? html`<div class="story-rows">${articles.map((a) => storyCard(model, a))}</div>`
    : html`<div class="story-cards">${articles.map((a) => storyCard(model, a))}</div>`
}

export function mostReadBox(model: NewsModel): Html {
  return html`<section class="aside-box most-read-box"><h3>Most read</h3><ol class="most-read">${model.mostRead.map(
    (id) => {
      const a = articleById(model, id)
      return html`<li><a class="most-read-link" data-article="${a.id}" href="${articleHref(a)}">${a.headline}</a></li>`
    },
  )}</ol></section>`
}

export function newsletterPromo(): Html {
  return html`<section class="aside-box newsletter-promo"><h3>✉ Get the Morning Briefing</h3><p>The day's essential stories in your inbox before 7am. Free, and you can unsubscribe at any time.</p><a class="btn btn-primary" href="/newsletter">Choose newsletters</a></section>`
}

export function picksBox(model: NewsModel): Html {
  return html`<section class="aside-box picks-box"><h3>Editor's picks</h3>${model.editorsPicks.map((id) => {
    const a = articleById(model, id)
    return html`<div class="pick">${kicker(a)}<a href="${articleHref(a)}">${a.headline}</a></div>`
  })}</section>`
}

export function withSidebar(model: NewsModel, main: Html, aside: Html): Html {
  return html`<div class="news-layout sidebar-${model.layout.sidebar}"><div class="news-main">${main}</div><aside class="news-aside">${aside}</aside></div>`
}
