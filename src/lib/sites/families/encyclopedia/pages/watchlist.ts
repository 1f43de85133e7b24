// The watchlist page.
import {html} from '../../../html.js'
import {breadcrumb} from '../../../layout.js'
import {articleHref} from '../format.js'
import {articleBySlug} from '../lookups.js'
import type {Article, Context} from '../types.js'
import {shell} from './shell.js'

export function watchlistPage(context: Context): string {
  const watched = context.state.watchlist
    .map((slug) => articleBySlug(context.model, slug))
    .filter((a): a is Article => a !== undefined)
  return shell(
    context,
    'Watchlist',
    html`${breadcrumb([{href: '/', label: 'Main page'}], 'Watchlist')}
    <section class="card prose"><h1>Your watchlist</h1>
    ${
      watched.length === 0
        ? html`<p>Your watchlist is empty. Use the ☆ Watch button at the top of an article to follow it.</p>`
        : html`<p class="muted">You are watching ${watched.length} ${watched.length === 1 ? 'article' : 'articles'}.</p>
    <table class="watch-table"><tr><th>Article</th><th>Last edited</th><th></th></tr>${watched.map(
      (a) =>
        html`<tr data-article="${a.slug}"><td><a href="${articleHref(a.slug)}">${a.title}</a></td><td>${a.lastEdited}</td><td><form method="post" action="/watch"><input type="hidden" name="article" value="${a.slug}"><input type="hidden" name="action" value="unwatch"><input type="hidden" name="return" value="watchlist"><button class="btn unwatch" type="submit">Remove</button></form></td></tr>`,
    )}</table>`
    }</section>`,
  )
}
