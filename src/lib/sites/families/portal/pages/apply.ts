// The four-step application form: step indicator, the steps' fields and the review of the answers.
import {html, type Html} from '../../../html.js'
import {breadcrumb} from '../../../layout.js'
import {htmlReply, redirect} from '../../../reply.js'
import type {SiteReply} from '../../../types.js'
import {money} from '../dates.js'
import {applicationTotal} from '../numbers.js'
import type {Context, Draft, PortalModel, Service} from '../types.js'
import {type Errors, type TextField, choiceInput, errorSummary, textField} from './form-parts.js'
import {shell} from './shell.js'

export type StepId = 'applicant' | 'address' | 'options' | 'review'

export const STEPS: readonly {id: StepId; title: string}[] = [
  {id: 'applicant', title: 'Your details'},
  {id: 'address', title: 'Address'},
  {id: 'options', title: 'Service options'},
  {id: 'review', title: 'Review and submit'},
]

export const APPLICANT_FIELDS: TextField[] = [
  {name: 'first_name', label: 'First name', width: '320px'},
  {name: 'last_name', label: 'Last name', width: '320px'},
  {name: 'dob', label: 'Date of birth', hint: 'For example 27/03/1985 (DD/MM/YYYY)', width: '180px'},
  {name: 'email', label: 'Email address', hint: 'We send your confirmation here', width: '420px'},
  {name: 'phone', label: 'Phone number', hint: 'A 10-digit number, for example (555) 014-2398', width: '260px'},
]

export const ADDRESS_FIELDS: TextField[] = [
  {name: 'street', label: 'Street address', hint: 'House number and street', width: '460px'},
  {name: 'unit', label: 'Apartment, suite or unit', optional: true, width: '200px'},
  {name: 'city', label: 'City', width: '320px'},
  {name: 'zip', label: 'ZIP code', hint: '5 digits', width: '140px'},
]

function stepIndicator(model: PortalModel, current: StepId): Html {
  const index = STEPS.findIndex((s) => s.id === current)
  return html`<ol class="steps steps-${model.layout.steps}" aria-label="Progress">${STEPS.map((s, i) => html`<li class="${i < index ? 'done' : i === index ? 'current' : ''}"${i === index ? html` aria-current="step"` : ''}><span class="step-no">${i < index ? '✓' : i + 1}</span><span class="step-name">${s.title}</span></li>`)}</ol>
  <p class="muted small step-count">Step ${index + 1} of ${STEPS.length}</p>`
}

function applyShell(service: Service, step: StepId, context: Context, body: Html, status = 200): SiteReply {
  const {model} = context
  const title = STEPS.find((s) => s.id === step)!.title
  return htmlReply(
    shell(
      context,
      `${title} – ${service.name}`,
      html`${breadcrumb(
        [
          {href: '/', label: 'Home'},
          {href: `/service/${service.slug}`, label: service.name},
        ],
        'Apply online',
      )}
      <div class="apply-layout">
        <section class="card apply-card">
          <div class="apply-service">Apply for: <strong>${service.name}</strong></div>
          ${stepIndicator(model, step)}
          ${body}
        </section>
        <aside class="card apply-help"><h3>Before you start</h3><p class="small">You will need:</p><ul class="small">${service.documents.map((d) => html`<li>${d.name}</li>`)}</ul><p class="small">Your answers are saved as you go. <a href="/service/${service.slug}">Back to the service page</a></p></aside>
      </div>`,
    ),
    status,
  )
}

export function firstMissingStep(draft: Draft): StepId {
  if (!draft.applicant) return 'applicant'
  if (!draft.address) return 'address'
  if (!draft.options) return 'options'
  return 'review'
}

export function stepAllowed(draft: Draft, step: StepId): boolean {
  return STEPS.findIndex((s) => s.id === step) <= STEPS.findIndex((s) => s.id === firstMissingStep(draft))
}

export function showStep(service: Service, step: StepId, context: Context): SiteReply {
  const draft = context.state.drafts[service.slug] ?? {}
  if (!stepAllowed(draft, step)) return redirect(`/apply/${service.slug}/${firstMissingStep(draft)}`, 302)
  return renderStep(service, step, context, valuesFromDraft(draft, step), {})
}

function valuesFromDraft(draft: Draft, step: StepId): URLSearchParams {
  const values = new URLSearchParams()
  if (step === 'applicant' && draft.applicant) {
    const a = draft.applicant
    for (const [k, v] of Object.entries({
      first_name: a.firstName,
      last_name: a.lastName,
      dob: a.dob,
      email: a.email,
      phone: a.phone,
    }))
      values.set(k, v)
  }
  if (step === 'address' && draft.address) for (const [k, v] of Object.entries(draft.address)) values.set(k, v)
  if (step === 'options' && draft.options) {
    values.set('choice', draft.options.choice)
    values.set('processing', draft.options.processing)
    for (const extra of draft.options.extras) values.append('extras', extra)
  }
  return values
}

export function renderStep(
  service: Service,
  step: StepId,
  context: Context,
  values: URLSearchParams,
  errors: Errors,
  status = 200,
): SiteReply {
  const draft = context.state.drafts[service.slug] ?? {}
  const back = STEPS.findIndex((s) => s.id === step) - 1
  const backLink =
    back >= 0
      ? html`<a class="btn back-step" href="/apply/${service.slug}/${STEPS[back]!.id}">Back</a>`
      : html`<a class="btn back-step" href="/service/${service.slug}">Cancel</a>`
  const form = (inner: Html, button: Html) =>
    html`<form method="post" action="/apply/${service.slug}/${step}" class="apply-form" novalidate>${errorSummary(errors)}${inner}<div class="form-actions">${backLink}${button}</div></form>`
  const next = html`<button class="btn btn-primary next-step" type="submit">Save and continue</button>`
  if (step === 'applicant')
    return applyShell(
      service,
      step,
      context,
      form(
        html`<h2>Your details</h2>${APPLICANT_FIELDS.map((f) => textField(f, values.get(f.name) ?? '', errors))}`,
        next,
      ),
      status,
    )
  if (step === 'address')
    return applyShell(
      service,
      step,
      context,
      form(
        html`<h2>Your address</h2><p class="muted small">The address where the service applies, or where you live.</p>${ADDRESS_FIELDS.map((f) => textField(f, values.get(f.name) ?? '', errors))}`,
        next,
      ),
      status,
    )
  if (step === 'options')
    return applyShell(service, step, context, form(optionsFields(service, context.model, values, errors), next), status)
  return applyShell(
    service,
    step,
    context,
    form(
      reviewSection(service, draft, context.model, errors),
      html`<button class="btn btn-primary submit-application" type="submit">Submit application</button>`,
    ),
    status,
  )
}

function optionsFields(service: Service, model: PortalModel, values: URLSearchParams, errors: Errors): Html {
  const chosen = values.get('choice') ?? ''
  const processing = values.get('processing') ?? ''
  const extras = values.getAll('extras')
  const group = (id: string, legend: string, inner: Html) =>
    html`<fieldset class="field choice-group${errors[id] ? ' invalid' : ''}" id="${id}"><legend>${legend}</legend>${errors[id] ? html`<div class="error-text">${errors[id]}</div>` : ''}${inner}</fieldset>`
  return html`<h2>Service options</h2>
    ${group('choice', service.option.label, html`${service.option.choices.map((c, i) => choiceInput('radio', 'choice', `choice-${i}`, c.label, chosen === c.label, html`<span>${c.label}</span><span class="choice-fee">${money(model, c.fee)}</span>`))}`)}
    ${group('processing', 'Processing speed', html`${choiceInput('radio', 'processing', 'processing-standard', 'standard', processing === 'standard', html`<span>Standard — ${service.standardDays} working days</span><span class="choice-fee">No extra charge</span>`)}${service.expeditedFee === null ? html`<p class="muted small">Expedited processing is not available for this service.</p>` : choiceInput('radio', 'processing', 'processing-expedited', 'expedited', processing === 'expedited', html`<span>Expedited — ${service.expeditedDays} working days</span><span class="choice-fee">+ ${money(model, service.expeditedFee)}</span>`)}`)}
    ${group('extras', 'Optional extras (choose any)', html`${service.extras.map((e) => choiceInput('checkbox', 'extras', `extra-${e.id}`, e.id, extras.includes(e.id), html`<span>${e.label}</span><span class="choice-fee">${e.fee === 0 ? 'Free' : html`+ ${money(model, e.fee)}`}</span>`))}`)}`
}

function reviewSection(service: Service, draft: Draft, model: PortalModel, errors: Errors): Html {
  const {applicant: a, address: d, options: o} = draft
  if (!a || !d || !o) return html``
  const change = (step: StepId) => html`<a class="change-link" href="/apply/${service.slug}/${step}">Change</a>`
  const extraLabels = service.extras.filter((e) => o.extras.includes(e.id)).map((e) => e.label)
  const total = applicationTotal(service, o)
  return html`<h2>Check your answers</h2>
    <div class="review-block"><div class="review-head"><h3>Your details</h3>${change('applicant')}</div>
      <dl class="review-list"><dt>Name</dt><dd>${a.firstName} ${a.lastName}</dd><dt>Date of birth</dt><dd>${a.dob}</dd><dt>Email</dt><dd>${a.email}</dd><dt>Phone</dt><dd>${a.phone}</dd></dl></div>
    <div class="review-block"><div class="review-head"><h3>Address</h3>${change('address')}</div>
      <dl class="review-list"><dt>Street</dt><dd>${d.street}${d.unit ? `, ${d.unit}` : ''}</dd><dt>City</dt><dd>${d.city}</dd><dt>ZIP code</dt><dd>${d.zip}</dd></dl></div>
    <div class="review-block"><div class="review-head"><h3>Service options</h3>${change('options')}</div>
      <dl class="review-list"><dt>${service.option.label}</dt><dd>${o.choice}</dd><dt>Processing</dt><dd>${o.processing === 'expedited' ? `Expedited (${service.expeditedDays} working days)` : `Standard (${service.standardDays} working days)`}</dd><dt>Extras</dt><dd>${extraLabels.length > 0 ? extraLabels.join(', ') : 'None'}</dd></dl></div>
    <p class="total-line">Total to pay: <strong class="total">${money(model, total)}</strong></p>
    <div class="field${errors.declaration ? ' invalid' : ''}" id="declaration-field">${errors.declaration ? html`<div class="error-text">${errors.declaration}</div>` : ''}${choiceInput('checkbox', 'declaration', 'declaration', 'yes', false, 'I confirm that the information I have given is true and complete.')}</div>`
}
