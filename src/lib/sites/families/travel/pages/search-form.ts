// The travel search form: place fields with suggestions, a calendar, passenger steppers and cabin radios.
import {html, raw, type Html} from '../../../html.js'
import {MAX_PASSENGERS} from '../data.js'
import {MONTHS, addDays, inWindow, monthKey, parts, shortDate, weekdayOf} from '../dates.js'
import {memo, modeOf} from '../model.js'
import type {SearchErrors, SearchValues} from '../search.js'
import type {TravelModel} from '../types.js'

export function searchForm(model: TravelModel, values: SearchValues, errors: SearchErrors): Html {
  const mode = modeOf(model)
  const cities = model.cities.map((city) => ({code: city.code, name: city.name, hub: city.hub, country: city.country}))
  const messages = Object.values(errors)
  const placeField = (
    id: 'origin' | 'destination',
    name: 'from' | 'to',
    label: string,
    value: string,
  ) => html`<div class="field place-field${errors[name] ? ' invalid' : ''}">
      <label for="${id}">${label}</label>
      <input id="${id}" name="${name}" type="text" value="${value}" placeholder="City or ${mode.hubWord}" autocomplete="off" spellcheck="false">
      <div class="suggestions" role="listbox" hidden></div>
      ${errors[name] ? html`<div class="error-text">${errors[name]}</div>` : ''}
    </div>`
  return html`<form class="search-panel card" method="get" action="/search" novalidate autocomplete="off" data-cities="${JSON.stringify(cities)}">
    <div class="trip-type"><span class="pill active">One-way</span><span class="muted">Planning a return? Search each direction separately.</span></div>
    ${messages.length > 0 ? html`<div class="alert alert-error" role="alert">Please check your search: ${messages.join(' ')}</div>` : ''}
    <div class="search-grid">
      ${placeField('origin', 'from', 'From', values.origin)}
      <button type="button" class="swap" aria-label="Swap origin and destination" title="Swap">⇄</button>
      ${placeField('destination', 'to', 'To', values.destination)}
      ${datePicker(model, values.date, errors.date)}
    </div>
    <div class="search-grid search-grid-2">
      <div class="field${errors.passengers ? ' invalid' : ''}"><span class="field-title">Travellers</span>
        <div class="steppers">${stepper('adults', 'Adults', '12+ years', values.adults, 1, MAX_PASSENGERS)}${stepper('children', 'Children', '2–11 years', values.children, 0, MAX_PASSENGERS - 1)}</div>
        ${errors.passengers ? html`<div class="error-text">${errors.passengers}</div>` : ''}
      </div>
      <fieldset class="field cabin-group"><legend class="field-title">${mode.cabinTitle}</legend>
        <div class="cabin-options">${mode.cabins.map((cabin) => html`<input type="radio" class="visually-hidden" id="cabin-${cabin.id}" name="cabin" value="${cabin.id}"${cabin.id === values.cabin ? html` checked` : ''}><label class="cabin-option" for="cabin-${cabin.id}">${cabin.label}</label>`)}</div>
      </fieldset>
      <div class="submit-cell"><button type="submit" class="btn btn-primary search-submit">Search ${mode.nouns}</button></div>
    </div>
  </form>`
}

export function stepper(
  field: 'adults' | 'children',
  label: string,
  hint: string,
  value: number,
  min: number,
  max: number,
): Html {
  return html`<div class="stepper" data-field="${field}" data-min="${min}" data-max="${max}">
    <span class="step-label">${label}<small>${hint}</small></span>
    <button type="button" class="step-minus" aria-label="Fewer ${label.toLowerCase()}"${value <= min ? html` disabled` : ''}>−</button>
    <output class="step-value">${value}</output>
    <button type="button" class="step-plus" aria-label="More ${label.toLowerCase()}"${value >= max ? html` disabled` : ''}>+</button>
    <input type="hidden" name="${field}" value="${value}">
  </div>`
}

function calendarMonths(model: TravelModel): string[] {
  return memo(model, 'months', () => {
    const months: string[] = []
    for (
      let month = `${monthKey(model.today)}-01`;
      monthKey(month) <= monthKey(model.lastDate);
      month = addDays(month, 32).slice(0, 8) + '01'
    )
      months.push(month)
    return months
  })
}

function datePicker(model: TravelModel, selected: string, error: string | undefined): Html {
  const months = calendarMonths(model)
  const shownIndex = Math.max(
    0,
    months.findIndex((first) => monthKey(first) === monthKey(selected)),
  )
  const grids = memo(
    model,
    `calendar/${selected}`,
    () => html`${months.map((first, index) => calendarMonth(model, first, selected, index !== shownIndex))}`,
  )
  return html`<div class="field date-wrap${error ? ' invalid' : ''}">
    <span class="field-title">Departure date</span>
    <button type="button" class="date-field" aria-haspopup="dialog">${raw(CALENDAR_ICON)}<span class="date-text">${shortDate(selected)}</span></button>
    <input type="hidden" name="date" value="${selected}">
    <div class="calendar" role="dialog" aria-label="Choose a departure date" hidden>
      <div class="cal-head"><button type="button" class="cal-prev" aria-label="Previous month">‹</button><strong class="cal-title">${monthTitle(months[shownIndex]!)}</strong><button type="button" class="cal-next" aria-label="Next month">›</button></div>
      ${grids}
      <p class="cal-note muted">Prices and times are local. Bookable until ${shortDate(model.lastDate)}.</p>
    </div>
    ${error ? html`<div class="error-text">${error}</div>` : ''}
  </div>`
}

function monthTitle(firstOfMonth: string): string {
  const {year, month} = parts(firstOfMonth)
  return `${MONTHS[month - 1]} ${year}`
}

function calendarMonth(model: TravelModel, firstOfMonth: string, selected: string, hidden: boolean): Html {
  const lead = (weekdayOf(firstOfMonth) + 6) % 7
  const cells: Html[] = Array.from({length: lead}, () => html`<td></td>`)
  for (let day = firstOfMonth; monthKey(day) === monthKey(firstOfMonth); day = addDays(day, 1)) {
    const bookable = inWindow(model, day)
    const classes = ['cal-day', day === selected ? 'selected' : '', day === model.today ? 'today' : '']
      .filter(Boolean)
      .join(' ')
    cells.push(
      html`<td><button type="button" class="${classes}" data-date="${day}" data-label="${shortDate(day)}"${bookable ? '' : html` disabled`}>${parts(day).day}</button></td>`,
    )
  }
  const rows: Html[] = []
  for (let i = 0; i < cells.length; i += 7) rows.push(html`<tr>${cells.slice(i, i + 7)}</tr>`)
  return html`<table class="cal-month" data-month="${monthKey(firstOfMonth)}" data-title="${monthTitle(firstOfMonth)}"${hidden ? html` hidden` : ''}>
    <thead><tr>${['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su'].map((d) => html`<th>${d}</th>`)}</tr></thead><tbody>${rows}</tbody></table>`
}

const CALENDAR_ICON =
  '<svg class="cal-icon" width="18" height="18" viewBox="0 0 24 24" aria-hidden="true"><rect x="3" y="5" width="18" height="16" rx="2" fill="none" stroke="currentColor" stroke-width="2"/><path d="M3 10h18M8 3v4M16 3v4" stroke="currentColor" stroke-width="2"/></svg>'
