// The service page: eligibility, fees, documents, processing times and how to apply.
import {html} from '../../../html.js'
import {breadcrumb} from '../../../layout.js'
import {longDate, money} from '../dates.js'
import type {Context, Service} from '../types.js'
import {categoryName, shell} from './shell.js'

export function servicePage(service: Service, context: Context): string {
  const {model} = context
  const related = model.services.filter((s) => s.categoryId === service.categoryId && s.slug !== service.slug)
  const onThisPage = html`<aside class="sidebar service-aside">
    <div class="card"><h3>On this page</h3><ul class="toc"><li><a href="#eligibility">Who can apply</a></li><li><a href="#fees">Fees</a></li><li><a href="#documents">Documents you need</a></li><li><a href="#processing">Processing times</a></li><li><a href="#how-to-apply">How to apply</a></li></ul></div>
    <div class="card"><h3>Related services</h3><ul class="toc">${related.map((s) => html`<li><a href="/service/${s.slug}">${s.name}</a></li>`)}</ul></div>
    <div class="card"><h3>Need help?</h3><p class="small">Call <strong>(555) 0100-311</strong> on weekdays, or <a href="/appointments">book an appointment</a> at a service office.</p></div>
  </aside>`
  const main = html`<article class="content service-page">
    <div class="service-kicker">${categoryName(model, service.categoryId)}</div>
    <h1 class="service-title">${service.name}</h1>
    <p class="lead">${service.summary}</p>
    <div class="card action-box">
      ${service.online ? html`<a class="btn btn-dark apply-link" href="/apply/${service.slug}">Apply online</a><span class="muted">Takes about 10 minutes. You can review your answers before you submit.</span>` : html`<a class="btn btn-dark" href="/appointments">Book an appointment to apply</a><span class="muted">This service is only available in person at a service office.</span>`}
    </div>
    <section id="eligibility"><h2>Who can apply</h2><p>You can apply if all of the following are true:</p><ul class="checklist">${service.eligibility.map((e) => html`<li>${e}</li>`)}</ul></section>
    <section id="fees"><h2>Fees</h2>
      <table class="fees-table"><thead><tr><th>Item</th><th>Fee</th></tr></thead><tbody>
        ${service.option.choices.map((c) => html`<tr class="fee-row"><td>${service.option.label}: ${c.label}</td><td class="fee">${money(model, c.fee)}</td></tr>`)}
        ${service.expeditedFee === null ? '' : html`<tr class="fee-row"><td>Expedited processing (optional)</td><td class="fee">+ ${money(model, service.expeditedFee)}</td></tr>`}
        ${service.extras.map((e) => html`<tr class="fee-row"><td>${e.label} (optional)</td><td class="fee">${e.fee === 0 ? 'Free' : html`+ ${money(model, e.fee)}`}</td></tr>`)}
      </tbody></table>
      <p class="small muted">Fees are non-refundable once your application has been assessed. Pay by card online or at any service office.</p>
    </section>
    <section id="documents"><h2>Documents you need</h2><p>Have digital copies or photos of these ready before you start:</p>
      <ul class="documents">${service.documents.map((d) => html`<li><strong>${d.name}</strong> — ${d.detail}</li>`)}</ul>
    </section>
    <section id="processing"><h2>Processing times</h2>
      <table class="processing-table"><thead><tr><th>Processing</th><th>Time</th></tr></thead><tbody>
        <tr><td>Standard</td><td>${service.standardDays} working days</td></tr>
        ${service.expeditedFee === null ? html`<tr><td>Expedited</td><td>Not available for this service</td></tr>` : html`<tr><td>Expedited</td><td>${service.expeditedDays} working days</td></tr>`}
      </tbody></table>
      <p class="small muted">Times start when we have received all documents and the fee. Weekends and public holidays are not working days.</p>
    </section>
    <section id="how-to-apply"><h2>How to apply</h2><ol class="how-steps"><li>Check that you can apply and gather the documents listed above.</li><li>${service.online ? 'Complete the online application: your details, your address and your choices.' : 'Book an appointment at a service office and bring your documents.'}</li><li>Pay the fee and note your confirmation number.</li><li>We will contact you by email when a decision is made.</li></ol></section>
    <p class="muted small">Page last updated ${longDate(service.updated)}.</p>
  </article>`
  return shell(
    context,
    service.name,
    html`${breadcrumb(
      [
        {href: '/', label: 'Home'},
        {href: `/services/${service.categoryId}`, label: categoryName(model, service.categoryId)},
      ],
      service.name,
    )}
    ${model.layout.sidebar === 'left' ? html`<div class="row">${onThisPage}${main}</div>` : html`<div class="row">${main}${onThisPage}</div>`}`,
  )
}
