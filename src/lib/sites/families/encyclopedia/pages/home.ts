// The main page: featured article, did you know, on this day, recently updated, categories.
import {html} from '../../../html.js'
import {pick, rngFor, sample} from '../../../random-pick.js'
import {MONTHS} from '../data.js'
import {articleHref} from '../format.js'
import {articleBySlug} from '../lookups.js'
import type {Context} from '../types.js'
import {segments, shell} from './shell.js'

export function home(context: Context): string {
  const {model, site} = context
  const featured = articleBySlug(model, model.featured)!
  const recent = [...model.articles].sort((a, b) => editedOrder(b.lastEdited) - editedOrder(a.lastEdited)).slice(0, 6)
  const topCategories = [...model.categories].sort((a, b) => b.members.length - a.members.length).slice(0, 8)
  const homeRng = rngFor(site, 'home')
  const dyk = sample(homeRng, model.articles, 4).map((a) => pick(homeRng, a.didYouKnow))
  return shell(
    context,
    'Main page',
    html`<section class="card welcome"><div><p class="kicker">${model.tagline}</p><h1>Welcome to ${site.name}</h1>
      <p>The free encyclopedia of ${model.subject}. <strong>${model.articles.length}</strong> articles in <strong>${model.categories.length}</strong> categories.</p></div>
      <div class="portal-links">${topCategories.slice(0, 4).map((c) => html`<a class="portal" href="/category/${encodeURIComponent(c.slug)}">${c.name}</a>`)}</div></section>
    <div class="home-grid cols-${model.layout.homeColumns}">
      <section class="card featured"><h2 class="box-title">Featured article</h2>
        <img src="/img/${featured.image.kind}/${featured.image.name}.svg" alt="${featured.title}" width="180" height="135" class="featured-img">
        <h3><a class="featured-link" href="${articleHref(featured.slug)}">${featured.title}</a></h3>
        <p>${segments(featured.lead[0]!)}</p><p>${segments(featured.lead[1] ?? [])}</p>
        <p><a href="${articleHref(featured.slug)}">Read the full article…</a></p></section>
      <section class="card dyk"><h2 class="box-title">Did you know…</h2><ul>${dyk.map((line) => html`<li>${segments(line)}</li>`)}</ul></section>
      <section class="card on-this-day"><h2 class="box-title">On this day: ${model.onThisDay.date}</h2><ul class="events">${model.onThisDay.items.map((item) => html`<li><strong>${item.year}</strong> – ${segments(item.text)}</li>`)}</ul></section>
      <section class="card recent"><h2 class="box-title">Recently updated</h2><ul>${recent.map((a) => html`<li><a href="${articleHref(a.slug)}">${a.title}</a> <span class="muted">· ${a.lastEdited}</span></li>`)}</ul></section>
      <section class="card browse"><h2 class="box-title">Browse by category</h2><ul class="browse-list">${topCategories.map((c) => html`<li><a href="/category/${encodeURIComponent(c.slug)}">${c.name}</a> <span class="muted">(${c.members.length})</span></li>`)}</ul><p><a href="/categories">All categories →</a></p></section>
    </div>`,
  )
}

function editedOrder(date: string): number {
  const [day, month] = date.split(' ')
  return MONTHS.indexOf(month!) * 100 + Number(day)
}
