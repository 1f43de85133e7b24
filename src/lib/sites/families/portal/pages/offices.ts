// The office locator with opening hours, and one office's page.
import {html, queryString, type Html} from '../../../html.js'
import {breadcrumb} from '../../../layout.js'
import {DAY_KEYS, DAY_NAMES, HOLIDAYS} from '../data.js'
import {hoursText, longDate} from '../dates.js'
import type {Context, Office, PortalModel} from '../types.js'
import {shell} from './shell.js'

function hoursTable(model: PortalModel, office: Office, highlight: number): Html {
  return html`<table class="hours-table"><tbody>${office.hours.map((h, d) => html`<tr class="${d === highlight ? 'highlight' : ''}"><th>${DAY_NAMES[d]}</th><td>${hoursText(model, h)}</td></tr>`)}</tbody></table>`
}

function officeBlock(model: PortalModel, office: Office, highlight: number): Html {
  const reasons = model.reasons.filter((r) => office.reasonIds.includes(r.id))
  return html`<article class="card office" data-office="${office.id}">
    <div class="office-main">
      <h2><a href="/offices/${office.id}">${office.name}</a></h2>
      <p class="office-address">${office.street}, ${model.city} ${office.zip}</p>
      <p class="small">Phone ${office.phone} · ${office.note}</p>
      <p class="small"><strong>Appointments:</strong> ${reasons.map((r) => r.name).join(', ')}</p>
    </div>
    <div class="office-hours"><h3>Opening hours</h3>${hoursTable(model, office, highlight)}</div>
    <img class="office-map" src="/img/map/${office.id}-${model.cityCode}.svg" alt="Map of ${office.name}" width="200" height="150">
  </article>`
}

export function officesPage(dayKey: string, context: Context): string {
  const {model} = context
  const day = DAY_KEYS.indexOf(dayKey)
  const shown = day < 0 ? model.offices : model.offices.filter((o) => o.hours[day] !== null)
  const upcoming = Object.entries(HOLIDAYS)
    .filter(([date]) => date >= model.today)
    .slice(0, 3)
  return shell(
    context,
    'Offices & opening hours',
    html`${breadcrumb([{href: '/', label: 'Home'}], 'Offices & opening hours')}
    <h1>Service offices and opening hours</h1>
    <p>Visit a service office to apply in person, show documents or get advice. Most services need an <a href="/appointments">appointment</a>.</p>
    <div class="day-filter" role="group" aria-label="Open on">Open on: <a class="day-chip${day < 0 ? ' active' : ''}" href="/offices">Any day</a>${DAY_KEYS.map((k, d) => html`<a class="day-chip${d === day ? ' active' : ''}" href="/offices?day=${k}">${DAY_NAMES[d]!.slice(0, 3)}</a>`)}</div>
    ${upcoming.length > 0 ? html`<div class="alert holiday-note">All offices are closed on public holidays: ${upcoming.map(([date, name]) => `${longDate(date)} (${name})`).join('; ')}.</div>` : ''}
    <p class="muted">${shown.length} ${shown.length === 1 ? 'office' : 'offices'}${day >= 0 ? ` open on ${DAY_NAMES[day]}s` : ''}</p>
    <div class="office-list offices-${model.layout.offices}">${shown.map((o) => officeBlock(model, o, day))}</div>`,
  )
}

export function officePage(office: Office, context: Context): string {
  const {model} = context
  return shell(
    context,
    office.name,
    html`${breadcrumb(
      [
        {href: '/', label: 'Home'},
        {href: '/offices', label: 'Offices & opening hours'},
      ],
      office.name,
    )}
    <div class="row">
      <section class="card content"><h1>${office.name}</h1><p class="office-address">${office.street}, ${model.city} ${office.zip}</p><p>Phone ${office.phone}</p><p>${office.note}</p>
        <img src="/img/map/${office.id}-${model.cityCode}.svg" alt="Map of ${office.name}" width="560" height="420">
        <h2>Appointments at this office</h2><ul>${model.reasons.filter((r) => office.reasonIds.includes(r.id)).map((r) => html`<li><a href="/appointments/book${queryString({reason: r.id, office: office.id})}">${r.name}</a></li>`)}</ul>
      </section>
      <aside class="sidebar card"><h3>Opening hours</h3>${hoursTable(model, office, -1)}</aside>
    </div>`,
  )
}
