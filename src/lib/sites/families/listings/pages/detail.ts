// The listing detail page of a job or a home, with its save button and similar listings.
import {html, type Html} from '../../../html.js'
import {breadcrumb} from '../../../layout.js'
import {emptyFilters, filtersHref} from '../filters.js'
import {
  areaOf,
  categoryOf,
  formatDate,
  jobTypeLabel,
  kebab,
  listingImage,
  priceText,
  salaryText,
  valueText,
} from '../format.js'
import {termsFor} from '../terms.js'
import type {Context, Home, Job, Listing, ListingsModel} from '../types.js'
import {shell} from './shell.js'
import {saveForm} from './widgets.js'

const NOTICES: Record<string, {text: string; link?: boolean}> = {
  saved: {text: 'Saved to your list.', link: true},
  removed: {text: 'Removed from your saved list.'},
}

export function detailPage(listing: Listing, context: Context, noticeKey: string): string {
  const {model} = context
  const terms = termsFor(model)
  const saved = context.state.saved.includes(listing.id)
  const notice = NOTICES[noticeKey]
  const back = `${terms.base}/${listing.id}`
  const area = areaOf(model, listing)
  const crumbs = [
    {href: '/', label: 'Home'},
    {href: terms.base, label: model.kind === 'jobs' ? 'Jobs' : 'Homes'},
    {href: filtersHref(model, emptyFilters(), {areas: [area.id]}), label: area.name},
  ]
  const saveButton = saveForm(
    listing,
    saved,
    back,
    saved ? 'unsave-listing is-saved' : 'save-listing',
    saved ? '♥ Saved — remove' : `♡ Save this ${terms.one}`,
  )
  const similar = model.listings.filter((l) => l.id !== listing.id && categoryOf(l) === categoryOf(listing)).slice(0, 4)
  const main = listing.kind === 'jobs' ? jobDetail(listing, model) : homeDetail(listing, model)
  const aside = listing.kind === 'jobs' ? jobAside(listing, model, saveButton) : homeAside(listing, model, saveButton)
  return shell(
    context,
    listing.kind === 'jobs' ? `${listing.title} — ${listing.company}` : listing.address,
    html`${breadcrumb(crumbs, listing.kind === 'jobs' ? listing.title : listing.address)}
    ${notice ? html`<div class="alert alert-ok" role="status">${notice.text} ${notice.link ? html`<a href="/saved">View saved ${terms.many}</a>` : ''}</div>` : ''}
    <div class="row detail-row sidebar-${model.layout.sidebar === 'left' ? 'right' : 'left'}">
      <article class="content">${main}</article>
      <aside class="sidebar detail-aside">${aside}</aside>
    </div>
    <section class="similar"><h2>Similar ${terms.many}</h2><div class="similar-grid">${similar.map((l) => html`<div class="card"><a class="similar-link" href="${terms.base}/${l.id}">${l.kind === 'jobs' ? l.title : l.address}</a><div class="muted">${l.kind === 'jobs' ? l.company : l.title}</div><div class="listing-value">${valueText(l, model)}</div></div>`)}</div></section>`,
  )
}

function jobDetail(job: Job, model: ListingsModel): Html {
  const area = areaOf(model, job)
  return html`<div class="card">
    <div class="detail-head"><img src="${listingImage(job)}" alt="${job.company} logo" width="96" height="72" class="detail-logo"><div><h1 class="listing-heading">${job.title}</h1><div class="listing-sub"><strong class="company-name">${job.company}</strong> · ${area.name}, ${model.city}</div></div></div>
    <table class="facts-table">
      <tr><th>Salary</th><td class="fact-salary">${salaryText(job)}</td></tr>
      <tr><th>Job type</th><td class="fact-type">${jobTypeLabel(job)}</td></tr>
      <tr><th>Experience</th><td class="fact-experience">${job.experience === 0 ? 'None required' : `${job.experience}+ ${job.experience === 1 ? 'year' : 'years'}`}</td></tr>
      <tr><th>Category</th><td>${job.category}</td></tr>
      <tr><th>Region</th><td>${area.name}</td></tr>
      <tr><th>Posted</th><td>${formatDate(job.posted)}</td></tr>
      <tr><th>Job ID</th><td>J-${job.id}</td></tr>
    </table>
    <h2>About the role</h2>${job.description.map((p) => html`<p>${p}</p>`)}
    <h2>Requirements</h2><ul class="requirements">${job.requirements.map((r) => html`<li>${r}</li>`)}</ul>
    <h2>What we offer</h2><ul>${job.benefits.map((b) => html`<li>${b}</li>`)}</ul>
  </div>`
}

function jobAside(job: Job, model: ListingsModel, saveButton: Html): Html {
  return html`<div class="card action-card">
      <div class="listing-value">${salaryText(job)}</div>
      <p class="muted">${jobTypeLabel(job)} · ${areaOf(model, job).name}</p>
      <a class="btn btn-primary request-link" href="/jobs/${job.id}/apply">Apply now</a>
      ${saveButton}
    </div>
    <div class="card"><h3>About ${job.company}</h3><p>${job.company} is a ${job.category.toLowerCase()} employer based in ${model.city}, with a friendly team of around ${40 + (job.id % 7) * 35} people.</p></div>
    <div class="card"><h3>Location</h3><img src="/img/map/${kebab(areaOf(model, job).name)}-${job.id}.svg" alt="Map of ${areaOf(model, job).name}" width="240" height="180"></div>`
}

function homeDetail(home: Home, model: ListingsModel): Html {
  const area = areaOf(model, home)
  return html`<div class="card">
    <div class="home-head"><div><h1 class="listing-heading">${home.address}</h1><div class="listing-sub">${area.name}, ${model.city} · ${home.title}</div></div><div class="listing-value big">${priceText(home, model.market)}</div></div>
    <div class="gallery"><img class="gallery-main" src="${listingImage(home)}" alt="Photo of ${home.address}" width="400" height="300"><div class="gallery-thumbs"><img src="/img/photo/${home.id}-garden.svg" alt="Garden" width="200" height="150"><img src="/img/map/${home.id}-plan.svg" alt="Location" width="200" height="150"></div></div>
    <table class="facts-table">
      <tr><th>Asking ${model.market === 'sale' ? 'price' : 'rent'}</th><td class="fact-price">${priceText(home, model.market)}</td></tr>
      <tr><th>Living area</th><td class="fact-size">${home.size} m²</td></tr>
      <tr><th>Rooms</th><td>${home.rooms} rooms (${home.bedrooms} ${home.bedrooms === 1 ? 'bedroom' : 'bedrooms'}, ${home.bathrooms} ${home.bathrooms === 1 ? 'bathroom' : 'bathrooms'})</td></tr>
      <tr><th>Property type</th><td>${home.propertyType}</td></tr>
      <tr><th>Year built</th><td class="fact-year">${home.yearBuilt}</td></tr>
      <tr><th>Energy label</th><td><span class="energy energy-${home.energy}">${home.energy}</span></td></tr>
      <tr><th>Listed</th><td>${formatDate(home.posted)}</td></tr>
      <tr><th>Listing ID</th><td>H-${home.id}</td></tr>
    </table>
    <h2>Description</h2>${home.description.map((p) => html`<p>${p}</p>`)}
    <h2>Features</h2><ul class="features">${home.features.map((feature) => html`<li>${feature.charAt(0).toUpperCase()}${feature.slice(1)}</li>`)}</ul>
  </div>`
}

function homeAside(home: Home, model: ListingsModel, saveButton: Html): Html {
  return html`<div class="card action-card">
      <div class="listing-value">${priceText(home, model.market)}</div>
      <p class="muted">${home.bedrooms} bd · ${home.bathrooms} ba · ${home.size} m²</p>
      <a class="btn btn-primary request-link" href="/homes/${home.id}/viewing">Request a viewing</a>
      ${saveButton}
    </div>
    <div class="card agent-card"><h3>Listing agent</h3><img src="/img/portrait/${kebab(home.agent.name)}.svg" alt="${home.agent.name}" width="120" height="90"><p><strong class="agent-name">${home.agent.name}</strong><br>${home.agent.agency}<br><span class="agent-phone">${home.agent.phone}</span></p></div>`
}
