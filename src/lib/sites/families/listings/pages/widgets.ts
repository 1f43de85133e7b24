// Widgets shared by listings pages: the clickable area map, the save form and the listing card.
import {html, type Html} from '../../../html.js'
import {hashString} from '../../../random-pick.js'
import {areaOf, formatDate, jobTypeLabel, listingImage, priceText, salaryText} from '../format.js'
import {termsFor} from '../terms.js'
import type {Area, Context, Listing} from '../types.js'

interface MapOptions {
  selected: string[]
  counts: Map<string, number>
  hrefFor: (area: Area) => string
  caption: Html
}

export function areaMap(context: Context, options: MapOptions): Html {
  const {model} = context
  const {width, height} = model.map
  const terms = termsFor(model)
  const baseHue = hashString(context.site.slug) % 360
  const count = (area: Area) => {
    const n = options.counts.get(area.id) ?? 0
    return `${n} ${n === 1 ? terms.one : terms.many}`
  }
  // Shapes are the links; the river and the labels above them let clicks through to the shape underneath.
  const shape = (area: Area, i: number) => {
    const selected = options.selected.includes(area.id)
    return html`<a class="map-area${selected ? ' selected' : ''}" data-area="${area.id}" href="${options.hrefFor(area)}" aria-label="${area.name}${selected ? ' (selected)' : ''}"><polygon points="${area.corners.map((p) => p.join(',')).join(' ')}" style="fill:hsl(${(baseHue + i * 47) % 360},42%,${selected ? 40 : 86}%)"/></a>`
  }
  const label = (area: Area) => {
    const selected = options.selected.includes(area.id)
    const [cx, cy] = area.center
    const lines = labelLines(area.name).map((line, i) => (selected && i === 0 ? `✓ ${line}` : line))
    const top = cy - 6 - (lines.length - 1) * 12
    return html`<text class="map-label${selected ? ' on' : ''}" x="${cx}" y="${top}" text-anchor="middle">${lines.map((line, i) => html`<tspan x="${cx}" dy="${i === 0 ? 0 : 24}">${line}</tspan>`)}</text><text class="map-count${selected ? ' on' : ''}" x="${cx}" y="${top + (lines.length - 1) * 24 + 24}" text-anchor="middle">${count(area)}</text>`
  }
  const riverY = Math.round(height * 0.55)
  return html`<figure class="map-card card">
    <figcaption>${options.caption}</figcaption>
    <div class="map-body">
      <svg class="area-map" viewBox="0 0 ${width} ${height}" role="img" aria-label="Map of ${model.city}">
        <rect width="${width}" height="${height}" fill="#e8ede4"/>
        ${model.areas.map(shape)}
        <g class="map-overlay"><path class="river" d="M0 ${riverY} C ${width * 0.25} ${riverY - 50}, ${width * 0.5} ${riverY + 60}, ${width} ${riverY - 20}"/>
        ${model.areas.map(label)}
        <g class="compass" transform="translate(${width - 28},26)"><circle r="16"/><text y="5" text-anchor="middle">N</text></g></g>
      </svg>
      <ul class="map-legend">${model.areas.map((area) => html`<li><a class="area-toggle${options.selected.includes(area.id) ? ' active' : ''}" href="${options.hrefFor(area)}">${options.selected.includes(area.id) ? '☑' : '☐'} ${area.name} <span class="muted">(${options.counts.get(area.id) ?? 0})</span></a></li>`)}</ul>
    </div>
  </figure>`
}

/** A long area name on two lines, split between words. */
function labelLines(name: string): string[] {
  const words = name.split(' ')
  if (name.length <= 12 || words.length < 2) return [name]
  const half = Math.ceil(words.length / 2)
  return [words.slice(0, half).join(' '), words.slice(half).join(' ')]
}

export function countByArea(items: Listing[]): Map<string, number> {
  const counts = new Map<string, number>()
  for (const l of items) counts.set(l.areaId, (counts.get(l.areaId) ?? 0) + 1)
  return counts
}

export function saveForm(
  listing: Listing,
  saved: boolean,
  back: string,
  buttonClass: string,
  label: Html | string,
): Html {
  return html`<form class="save-form" method="post" action="/saved">
    <input type="hidden" name="listing" value="${listing.id}"><input type="hidden" name="action" value="${saved ? 'remove' : 'save'}"><input type="hidden" name="back" value="${back}">
    <button type="submit" class="btn ${buttonClass}" data-listing="${listing.id}" aria-pressed="${saved ? 'true' : 'false'}">${label}</button>
  </form>`
}

export function listingCard(listing: Listing, context: Context, back: string): Html {
  const {model} = context
  const terms = termsFor(model)
  const saved = context.state.saved.includes(listing.id)
  const area = areaOf(model, listing)
  const href = `${terms.base}/${listing.id}`
  const quickSave = saveForm(
    listing,
    saved,
    back,
    `quick-save${saved ? ' is-saved' : ''}`,
    saved ? '♥ Saved' : '♡ Save',
  )
  if (listing.kind === 'jobs')
    return html`<article class="card listing-card job-card">
      <img class="thumb logo-thumb" src="${listingImage(listing)}" alt="${listing.company} logo" width="72" height="54">
      <div class="listing-main">
        <h3><a class="listing-title" data-listing="${listing.id}" href="${href}">${listing.title}</a></h3>
        <div class="listing-sub"><strong>${listing.company}</strong> · ${area.name} · <span class="badge type-badge">${jobTypeLabel(listing)}</span></div>
        <div class="listing-value">${salaryText(listing)}</div>
        <p class="snippet muted">${listing.description[0]}</p>
        <div class="listing-foot muted">Posted ${formatDate(listing.posted)} · ${listing.category}</div>
      </div>
      ${quickSave}
    </article>`
  return html`<article class="card listing-card home-card">
    <img class="thumb house-thumb" src="${listingImage(listing)}" alt="Photo of ${listing.address}" width="240" height="180">
    <div class="listing-main">
      <div class="listing-value">${priceText(listing, model.market)}</div>
      <h3><a class="listing-title" data-listing="${listing.id}" href="${href}">${listing.address}</a></h3>
      <div class="listing-sub">${area.name} · ${listing.propertyType}</div>
      <div class="home-facts"><span><strong>${listing.bedrooms}</strong> bd</span><span><strong>${listing.bathrooms}</strong> ba</span><span><strong>${listing.size}</strong> m²</span></div>
      <p class="snippet muted">${listing.title}</p>
      <div class="listing-foot muted">Listed ${formatDate(listing.posted)} · ${listing.agent.agency}</div>
    </div>
    ${quickSave}
  </article>`
}
