// The application confirmation page and the tracking page.
import {html} from '../../../html.js'
import {breadcrumb} from '../../../layout.js'
import {addWorkingDays, longDate, money} from '../dates.js'
import type {Application, Context} from '../types.js'
import {shell} from './shell.js'

export function confirmationPage(application: Application, context: Context): string {
  const {model} = context
  const service = model.services.find((s) => s.slug === application.serviceSlug)!
  const days = application.options.processing === 'expedited' ? service.expeditedDays : service.standardDays
  const {applicant: a, address: d} = application
  return shell(
    context,
    'Application submitted',
    html`<section class="confirmation-panel"><h1>Application submitted</h1><p>Your confirmation number is</p><p class="confirmation-number">${application.number}</p></section>
    <div class="row">
      <section class="card content">
        <h2>What happens next</h2>
        <p>We have sent a confirmation to <strong>${a.email}</strong>. Keep your confirmation number: you need it to <a href="/track">track your application</a> or to contact us about it.</p>
        <p>We expect to decide by <strong>${longDate(addWorkingDays(model.today, days))}</strong> (${days} working days).</p>
        <table class="summary-table"><tbody>
          <tr><th>Service</th><td>${service.name}</td></tr>
          <tr><th>Applicant</th><td>${a.firstName} ${a.lastName}, born ${a.dob}</td></tr>
          <tr><th>Address</th><td>${d.street}${d.unit ? `, ${d.unit}` : ''}, ${d.city} ${d.zip}</td></tr>
          <tr><th>${service.option.label}</th><td>${application.options.choice}</td></tr>
          <tr><th>Processing</th><td>${application.options.processing === 'expedited' ? 'Expedited' : 'Standard'}</td></tr>
          <tr><th>Amount paid</th><td>${money(model, application.total)}</td></tr>
        </tbody></table>
      </section>
      <aside class="sidebar card"><h3>Print or save</h3><p class="small">Print this page for your records.</p><button class="btn" type="button" onclick="window.print()">Print this page</button></aside>
    </div>`,
  )
}

export function trackPage(number: string, context: Context): string {
  const {model} = context
  const query = number.trim().toUpperCase()
  const found = context.state.applications.find((a) => a.number === query)
  const service = found && model.services.find((s) => s.slug === found.serviceSlug)
  return shell(
    context,
    'Track an application',
    html`${breadcrumb([{href: '/', label: 'Home'}], 'Track an application')}
    <section class="card prose"><h1>Track an application</h1>
      <form method="get" action="/track" class="track-form"><label for="number">Confirmation number</label><div class="hint">For example ${model.cityCode}-BP-123456</div>
        <div class="inline-form"><input id="number" name="number" type="text" value="${number}" style="width:260px"><button class="btn btn-dark" type="submit">Check status</button></div></form>
      ${query === '' ? '' : found && service ? html`<div class="alert alert-ok status-box" role="status"><strong>${found.number}</strong> — ${service.name}: received, awaiting assessment.</div>` : html`<div class="alert alert-error" role="alert">We could not find an application with the number ${query}. Check the number and try again.</div>`}
    </section>`,
  )
}
