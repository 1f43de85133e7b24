// The service catalogue A-Z, topic pages and search results.
import {html, type Html} from '../../../html.js'
import {breadcrumb} from '../../../layout.js'
import {money} from '../dates.js'
import type {Category, Context, PortalModel, Service} from '../types.js'
import {categoryName, lowestFee, serviceLink, serviceSummaryItem, shell} from './shell.js'

function withSidebar(model: PortalModel, sidebar: Html, content: Html): Html {
  return model.layout.sidebar === 'left'
    ? html`<div class="row">${sidebar}${content}</div>`
    : html`<div class="row">${content}${sidebar}</div>`
}

function topicSidebar(model: PortalModel, activeId: string): Html {
  return html`<aside class="sidebar card topic-nav"><h3>Topics</h3><ul>
    <li><a class="${activeId === '' ? 'active' : ''}" href="/services">All services</a></li>
    ${model.categories.map((c) => html`<li><a class="${c.id === activeId ? 'active' : ''}" href="/services/${c.id}">${c.name}</a></li>`)}
  </ul></aside>`
}

function serviceCollection(model: PortalModel, services: Service[]): Html {
  return model.layout.catalogue === 'grid'
    ? html`<div class="service-grid">${services.map((s) => serviceSummaryItem(model, s))}</div>`
    : html`<div class="service-list">${services.map((s) => serviceSummaryItem(model, s))}</div>`
}

export function cataloguePage(context: Context): string {
  const {model} = context
  const sorted = [...model.services].sort((a, b) => a.name.localeCompare(b.name))
  const letters = [...new Set(sorted.map((s) => s.name.charAt(0)))]
  return shell(
    context,
    'All services',
    html`${breadcrumb([{href: '/', label: 'Home'}], 'All services')}
    ${withSidebar(
      model,
      topicSidebar(model, ''),
      html`<section class="content">
        <h1>All services A–Z</h1>
        <p class="muted">${model.services.length} services from the City of ${model.city}. Services marked “Apply online” can be completed on this site.</p>
        <nav class="az-bar" aria-label="Jump to letter">${letters.map((l) => html`<a href="#letter-${l}">${l}</a>`)}</nav>
        ${letters.map(
          (l) =>
            html`<h2 class="az-letter" id="letter-${l}">${l}</h2>${serviceCollection(
              model,
              sorted.filter((s) => s.name.startsWith(l)),
            )}`,
        )}
      </section>`,
    )}`,
  )
}

export function categoryPage(category: Category, context: Context): string {
  const {model} = context
  const services = model.services.filter((s) => s.categoryId === category.id)
  return shell(
    context,
    category.name,
    html`${breadcrumb(
      [
        {href: '/', label: 'Home'},
        {href: '/services', label: 'All services'},
      ],
      category.name,
    )}
    ${withSidebar(
      model,
      topicSidebar(model, category.id),
      html`<section class="content">
        <h1>${category.name}</h1>
        <p>${category.blurb}</p>
        <div class="card"><table class="service-table">
          <thead><tr><th>Service</th><th>Fee from</th><th>Standard processing</th><th>How to apply</th></tr></thead>
          <tbody>${services.map((s) => html`<tr data-service-row="${s.slug}"><td>${serviceLink(s)}<div class="muted small">${s.summary}</div></td><td>${money(model, lowestFee(s))}</td><td>${s.standardDays} working days</td><td>${s.online ? 'Online' : 'In person'}</td></tr>`)}</tbody>
        </table></div>
      </section>`,
    )}`,
  )
}

function searchMatches(model: PortalModel, service: Service, q: string): boolean {
  const words = q.toLowerCase().split(/\s+/).filter(Boolean)
  const text =
    `${service.name} ${service.summary} ${categoryName(model, service.categoryId)} ${service.option.choices.map((c) => c.label).join(' ')}`.toLowerCase()
  return words.every((w) => text.includes(w))
}

export function searchPage(q: string, context: Context): string {
  const {model} = context
  const results = q.trim() ? model.services.filter((s) => searchMatches(model, s, q)) : []
  return shell(
    context,
    q ? `Search results for “${q}”` : 'Search',
    html`${breadcrumb([{href: '/', label: 'Home'}], 'Search')}
    <h1>${q ? `Search results for “${q}”` : 'Search services'}</h1>
    <p class="muted result-count">${q.trim() ? `${results.length} ${results.length === 1 ? 'service' : 'services'} found` : 'Type what you need to do in the search box above.'}</p>
    ${results.length === 0 && q.trim() ? html`<div class="card"><p>No services match your search. Try a shorter word, such as “permit” or “licence”, or <a href="/services">browse all services</a>.</p></div>` : ''}
    <ol class="search-results">${results.map((s) => html`<li class="card search-result"><h3>${serviceLink(s)}</h3><div class="result-path muted">${model.city} › ${categoryName(model, s.categoryId)}</div><p>${s.summary}</p></li>`)}</ol>`,
    {q},
  )
}
