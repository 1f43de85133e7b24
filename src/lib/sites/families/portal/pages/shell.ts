// The page shell (navigation, government strip, styles), icons and service parts shared by pages.
import {html, raw, type Html} from '../../../html.js'
import {page, type NavLink} from '../../../layout.js'
import {money} from '../dates.js'
import type {Context, PortalModel, Service} from '../types.js'
import {portalCss} from './style.js'

export function nav(): NavLink[] {
  return [
    {href: '/services', label: 'All services'},
    {href: '/appointments', label: 'Book an appointment'},
    {href: '/offices', label: 'Offices & opening hours'},
    {href: '/track', label: 'Track an application'},
    {href: '/about', label: 'About'},
  ]
}

export function shell(
  context: Context,
  title: string,
  body: Html,
  options: {q?: string; script?: string} = {},
): string {
  const {site, model} = context
  return page(site, {
    title,
    body: html`<div class="gov-strip"><span class="gov-seal" aria-hidden="true">${icon('seal')}</span> An official website of the <strong>City of ${model.city}</strong> <a href="/about">How you know</a></div>${body}`,
    nav: nav(),
    search: {action: '/search', name: 'q', placeholder: 'Search services, e.g. permit', value: options.q ?? ''},
    headerExtras: html`<a class="header-link" href="/appointments">Appointments</a><span class="lang">EN</span>`,
    css: portalCss(site.theme),
    script: options.script,
  })
}

const ICONS = {
  document: '<path d="M6 2h9l5 5v15H6z"/><path d="M15 2v5h5M9 12h8M9 16h8"/>',
  calendar: '<rect x="3" y="5" width="18" height="16" rx="2"/><path d="M3 10h18M8 3v4M16 3v4"/>',
  pin: '<path d="M12 22s7-7.5 7-13a7 7 0 0 0-14 0c0 5.5 7 13 7 13z"/><circle cx="12" cy="9" r="2.5"/>',
  search: '<circle cx="10.5" cy="10.5" r="6.5"/><path d="M15.5 15.5 21 21"/>',
  seal: '<path d="M3 9 12 4l9 5M5 10v8M9.5 10v8M14.5 10v8M19 10v8M3 20h18"/>',
} as const

/** A line icon drawn in the text colour. */
export function icon(name: keyof typeof ICONS): Html {
  return raw(
    `<svg class="icon" viewBox="0 0 24 24" width="24" height="24" fill="none" stroke="currentColor" stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round">${ICONS[name]}</svg>`,
  )
}

export function categoryName(model: PortalModel, id: string): string {
  return model.categories.find((c) => c.id === id)?.name ?? id
}

export function lowestFee(service: Service): number {
  return Math.min(...service.option.choices.map((c) => c.fee))
}

export function serviceLink(service: Service): Html {
  return html`<a class="service-link" data-service="${service.slug}" href="/service/${service.slug}">${service.name}</a>`
}

export function serviceSummaryItem(model: PortalModel, service: Service): Html {
  return html`<article class="card service-item">
    <div class="service-kicker">${categoryName(model, service.categoryId)}</div>
    <h3>${serviceLink(service)}</h3>
    <p>${service.summary}</p>
    <div class="service-meta"><span>From <strong>${money(model, lowestFee(service))}</strong></span><span>${service.standardDays} working days</span>${service.online ? html`<span class="tag tag-online">Apply online</span>` : html`<span class="tag">In person</span>`}</div>
  </article>`
}
