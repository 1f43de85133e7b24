// The article page (infobox, contents, sections, data tables, watch button) and the missing-article page.
import {html, queryString, type Html} from '../../../html.js'
import {listOf} from '../prose.js'
import type {Article, Category, Context, DataTable} from '../types.js'
import {segments, shell} from './shell.js'

function toc(article: Article): Html {
  return html`<nav class="toc" aria-label="Contents"><div class="toc-head"><strong>Contents</strong> <button type="button" class="toc-toggle" aria-expanded="true">hide</button></div>
    <ol class="toc-list">${article.sections.map((s, i) => html`<li><a href="#${s.id}"><span class="tocnumber">${i + 1}</span> ${s.heading}</a></li>`)}
    <li><a href="#See_also"><span class="tocnumber">${article.sections.length + 1}</span> See also</a></li><li><a href="#References"><span class="tocnumber">${article.sections.length + 2}</span> References</a></li></ol></nav>`
}

const TOC_SCRIPT = `document.querySelectorAll('.toc-toggle').forEach(function(b){b.addEventListener('click',function(){var l=b.closest('.toc').querySelector('.toc-list');var hidden=l.style.display==='none';l.style.display=hidden?'':'none';b.textContent=hidden?'hide':'show';b.setAttribute('aria-expanded',String(hidden));});});`

function infoboxTable(article: Article): Html {
  return html`<table class="infobox"><caption>${article.title}</caption>
    <tr><td colspan="2" class="infobox-image"><img src="/img/${article.image.kind}/${article.image.name}.svg" alt="${article.title}" width="270" height="200"><div class="image-caption">${article.image.caption}</div></td></tr>
    ${article.infobox.map((r) => html`<tr data-key="${r.key}"><th scope="row">${r.label}</th><td>${r.links ? segments(listOf(r.links)) : r.text}</td></tr>`)}
  </table>`
}

function tableHtml(table: DataTable): Html {
  return html`<table class="data-table"><caption>${table.caption}</caption><thead><tr>${table.columns.map((c) => html`<th scope="col">${c}</th>`)}</tr></thead>
    <tbody>${table.rows.map((r) => html`<tr data-row="${r.key}">${r.cells.map((cell) => html`<td>${segments([cell])}</td>`)}</tr>`)}</tbody></table>`
}

function sidebar(context: Context, article: Article | null): Html {
  return html`<aside class="wiki-sidebar">
    <h4>Navigation</h4><a href="/">Main page</a><a href="/categories">Categories</a><a href="/all-articles">All articles</a><a href="/random">Random article</a><a href="/watchlist">Watchlist</a>
    ${article ? html`<h4>Tools</h4><a class="sidebar-report" href="/report/${encodeURIComponent(article.slug)}">Report a problem</a><a href="#References">Cite this page</a>` : ''}
    ${article && context.model.layout.tocInSidebar ? toc(article) : ''}
    <h4>About</h4><a href="/about">About ${context.site.name}</a><a href="/about#contact">Contact us</a>
  </aside>`
}

export function articlePage(article: Article, context: Context, watchNotice: string | null): string {
  const {model, site, state} = context
  const watched = state.watchlist.includes(article.slug)
  const notice =
    watchNotice === 'added'
      ? html`<div class="alert alert-ok" role="status">“${article.title}” was added to your <a href="/watchlist">watchlist</a>.</div>`
      : watchNotice === 'removed'
        ? html`<div class="alert alert-ok" role="status">“${article.title}” was removed from your watchlist.</div>`
        : ''
  const categoryLinks = article.categories
    .map((slug) => model.categories.find((c) => c.slug === slug))
    .filter((c): c is Category => c !== undefined)
  return shell(
    context,
    article.title,
    html`<div class="wiki-layout side-${model.layout.sidebar}">
      ${sidebar(context, article)}
      <article class="wiki-article card">
        <div class="article-tabs"><span class="tab active">Article</span><a class="tab report-link" href="/report/${encodeURIComponent(article.slug)}">Report a problem</a>
          <form method="post" action="/watch" class="watch-form"><input type="hidden" name="article" value="${article.slug}"><input type="hidden" name="action" value="${watched ? 'unwatch' : 'watch'}">
          <button type="submit" class="watch-button${watched ? ' watched' : ''}">${watched ? '★ Unwatch' : '☆ Watch'}</button></form></div>
        ${notice}
        <h1 class="article-title">${article.title}</h1>
        <p class="from-line muted">From ${site.name}, the free encyclopedia</p>
        <div class="article-body">
          ${infoboxTable(article)}
          ${article.lead.map((p) => html`<p>${segments(p)}</p>`)}
          ${model.layout.tocInSidebar ? '' : toc(article)}
          ${article.sections.map((s) => html`<h2 id="${s.id}">${s.heading}</h2>${s.paragraphs.map((p) => html`<p>${segments(p)}</p>`)}${s.table ? tableHtml(s.table) : ''}`)}
          <h2 id="See_also">See also</h2><ul class="see-also">${article.seeAlso.map((l) => html`<li>${segments([l])}</li>`)}</ul>
          <h2 id="References">References</h2><ol class="references">${article.references.map((r) => html`<li>${r}</li>`)}</ol>
        </div>
        <div class="catlinks"><a href="/categories">Categories</a>: ${categoryLinks.map((c, i) => html`${i > 0 ? ' | ' : ''}<a class="cat-link" href="/category/${encodeURIComponent(c.slug)}">${c.name}</a>`)}</div>
        <p class="last-edited muted">This page was last edited on ${article.lastEdited}. Text is available under the Creative Commons Attribution-ShareAlike License.</p>
      </article>
    </div>`,
    '',
    TOC_SCRIPT,
  )
}

export function missingArticlePage(slug: string, context: Context): string {
  const title = slug.replace(/_/g, ' ')
  return shell(
    context,
    title,
    html`<section class="card prose"><h1>${title}</h1><p>${context.site.name} does not have an article with this exact name.</p>
    <p><a class="btn btn-dark" href="/search${queryString({q: title})}">Search for “${title}”</a></p></section>`,
  )
}
