// The apply / request-a-viewing form with its stepper, calendar and time slots, and the confirmation page.
import {html, type Html} from '../../../html.js'
import {breadcrumb} from '../../../layout.js'
import {MONTHS} from '../data.js'
import {daysInMonth, formatLongDate, isoDate, listingImage, listingName, valueText, weekdayOf} from '../format.js'
import {CONTACT_FIELDS, isBookable} from '../request.js'
import {termsFor} from '../terms.js'
import type {Context, Listing, ListingsModel, Submission} from '../types.js'
import {shell} from './shell.js'

function stepper(
  name: string,
  label: string,
  value: string,
  min: number,
  max: number,
  invalid: boolean,
  hint: string,
): Html {
  return html`<div class="field${invalid ? ' invalid' : ''}"><label for="${name}">${label}</label>
    <div class="stepper"><button type="button" class="step-btn" data-for="${name}" data-step="-1" aria-label="Decrease">−</button><input id="${name}" name="${name}" type="text" inputmode="numeric" value="${value}" data-min="${min}" data-max="${max}"><button type="button" class="step-btn" data-for="${name}" data-step="1" aria-label="Increase">+</button></div>
    <div class="hint">${hint}</div></div>`
}

export function calendar(model: ListingsModel, name: string, label: string, chosen: string, invalid: boolean): Html {
  const {year, month} = model.calendar
  const offset = (weekdayOf(isoDate(year, month, 1)) + 6) % 7
  const cells: Html[] = Array.from({length: offset}, () => html`<span class="day blank"></span>`)
  for (let day = 1; day <= daysInMonth(year, month); day++) {
    const iso = isoDate(year, month, day)
    if (!isBookable(model, iso)) cells.push(html`<span class="day disabled" aria-disabled="true">${day}</span>`)
    else
      cells.push(
        html`<span class="day-cell"><input type="radio" class="day-radio" id="day-${iso}" name="${name}" value="${iso}"${chosen === iso ? html` checked` : ''}><label class="day" for="day-${iso}">${day}</label></span>`,
      )
  }
  return html`<fieldset class="field calendar${invalid ? ' invalid' : ''}"><legend>${label}</legend>
    <div class="cal-head">${MONTHS[month - 1]} ${year}</div>
    <div class="cal-grid">${['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su'].map((d) => html`<span class="dow">${d}</span>`)}${cells}</div>
    ${invalid ? html`<div class="error-text">Choose a date in the calendar.</div>` : ''}
  </fieldset>`
}

function timeChoice(model: ListingsModel, chosen: string, invalid: boolean): Html {
  return html`<fieldset class="field slots${invalid ? ' invalid' : ''}"><legend>Time</legend>${model.timeSlots.map(
    (slot) => {
      const id = `time-${slot.replace(':', '')}`
      return html`<span class="slot-cell"><input type="radio" class="slot-radio" id="${id}" name="time" value="${slot}"${chosen === slot ? html` checked` : ''}><label class="slot" for="${id}">${slot}</label></span>`
    },
  )}${invalid ? html`<div class="error-text">Choose a time.</div>` : ''}</fieldset>`
}

export function requestPage(listing: Listing, context: Context, values: URLSearchParams, errors: string[]): string {
  const {model} = context
  const terms = termsFor(model)
  const value = (name: string) => values.get(name) ?? ''
  const contact = CONTACT_FIELDS.map(
    (f) =>
      html`<div class="field${errors.includes(f.label) ? ' invalid' : ''}"><label for="${f.name}">${f.label}</label><input id="${f.name}" name="${f.name}" type="${f.type}" value="${value(f.name)}" style="width:100%">${errors.includes(f.label) ? html`<div class="error-text">Please enter a valid ${f.label.toLowerCase()}.</div>` : ''}</div>`,
  )
  const specific =
    listing.kind === 'jobs'
      ? html`${stepper('years', 'Years of relevant experience', value('years') || '0', 0, 50, errors.includes('Years of experience'), 'Use the − and + buttons or type a number.')}
        ${calendar(model, 'start_date', 'Earliest start date', value('start_date'), errors.includes('Start date'))}
        <div class="field"><label for="note">Cover note <span class="muted">(optional)</span></label><textarea id="note" name="note" rows="4" style="width:100%">${value('note')}</textarea></div>
        <div class="field${errors.includes('Consent') ? ' invalid' : ''}"><input type="checkbox" id="consent" name="consent" value="yes"${value('consent') ? html` checked` : ''}> <label for="consent" style="display:inline">I agree that ${listing.company} may store my details for this application.</label>${errors.includes('Consent') ? html`<div class="error-text">Please give your consent to continue.</div>` : ''}</div>`
      : html`${calendar(model, 'date', 'Viewing date', value('date'), errors.includes('Date'))}
        ${timeChoice(model, value('time'), errors.includes('Time'))}
        ${stepper('attendees', 'Number of people attending', value('attendees') || '1', 1, 6, errors.includes('Attendees'), 'Between 1 and 6 people.')}
        <div class="field"><label for="note">Message to the agent <span class="muted">(optional)</span></label><textarea id="note" name="note" rows="4" style="width:100%">${value('note')}</textarea></div>`
  const summary = html`<aside class="sidebar card request-summary"><img src="${listingImage(listing)}" alt="" width="220" height="165"><h3>${listing.kind === 'jobs' ? listing.title : listing.address}</h3><p class="muted">${listing.kind === 'jobs' ? listing.company : listing.title}</p><p class="listing-value">${valueText(listing, model)}</p></aside>`
  return shell(
    context,
    terms.formTitle,
    html`${breadcrumb(
      [
        {href: '/', label: 'Home'},
        {href: `${terms.base}/${listing.id}`, label: listing.kind === 'jobs' ? listing.title : listing.address},
      ],
      terms.formTitle,
    )}
    <h1>${terms.formTitle}</h1>
    ${errors.length > 0 ? html`<div class="alert alert-error" role="alert">Please correct: ${errors.join(', ')}.</div>` : ''}
    <div class="row"><form class="card content request-form" method="post" action="${terms.base}/${listing.id}/${terms.formPath}" novalidate>
      <h2>Your details</h2>${contact}
      <h2>${listing.kind === 'jobs' ? 'Your application' : 'Your viewing'}</h2>${specific}
      <button class="btn btn-primary submit-request" type="submit">${terms.formButton}</button>
    </form>${summary}</div>`,
  )
}

export function confirmationPage(submission: Submission, context: Context): string {
  const {model} = context
  const listing = model.listings.find((l) => l.id === submission.listingId)!
  const terms = termsFor(model)
  const details =
    submission.kind === 'jobs'
      ? html`<tr><th>Position</th><td>${listingName(listing)}</td></tr><tr><th>Experience</th><td>${submission.years} years</td></tr><tr><th>Earliest start</th><td>${formatLongDate(submission.startDate)}</td></tr>`
      : html`<tr><th>Home</th><td>${listingName(listing)}</td></tr><tr><th>Viewing</th><td>${formatLongDate(submission.date)} at ${submission.time}</td></tr><tr><th>People attending</th><td>${submission.attendees}</td></tr>`
  return shell(
    context,
    submission.kind === 'jobs' ? 'Application sent' : 'Viewing requested',
    html`<section class="card prose confirmation">
      <h1>${submission.kind === 'jobs' ? 'Your application has been sent' : 'Your viewing request has been sent'}</h1>
      <p>Reference number: <strong class="reference-number">${submission.reference}</strong></p>
      <p>We emailed a copy to ${submission.email}. ${listing.kind === 'jobs' ? `${listing.company} usually replies within ten working days.` : `${listing.agent.name} will call you on ${submission.phone} to confirm.`}</p>
      <table class="facts-table"><tr><th>Name</th><td>${submission.name}</td></tr><tr><th>Email</th><td>${submission.email}</td></tr><tr><th>Phone</th><td>${submission.phone}</td></tr>${details}</table>
      <p><a class="btn btn-dark" href="${terms.base}">Back to all ${terms.many}</a></p>
    </section>`,
  )
}
