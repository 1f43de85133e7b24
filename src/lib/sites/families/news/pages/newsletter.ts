// The newsletter signup page and the confirmation page.
import {html} from '../../../html.js'
import {breadcrumb} from '../../../layout.js'
import type {SiteRequest} from '../../../types.js'
import {newsletterTopics} from '../newsletter.js'
import type {Context, Frequency, Subscription} from '../types.js'
import {shell} from './shell.js'

export function newsletterPage(
  request: SiteRequest,
  context: Context,
  values: URLSearchParams,
  errors: string[],
): string {
  const topics = newsletterTopics(context.model)
  const chosen = new Set(values.getAll('topic'))
  const frequency = values.get('frequency') === 'weekly' ? 'weekly' : 'daily'
  const radio = (value: Frequency, label: string, hint: string) =>
    html`<div class="radio-row"><input type="radio" id="freq-${value}" name="frequency" value="${value}"${frequency === value ? html` checked` : ''}><label for="freq-${value}">${label} <span class="muted">${hint}</span></label></div>`
  return shell(
    context,
    request,
    'Newsletters',
    html`${breadcrumb([{href: '/', label: 'Home'}], 'Newsletters')}
    <div class="newsletter-layout"><form class="card newsletter-form" method="post" action="/newsletter" novalidate>
      <h1>Sign up to our newsletters</h1>
      <p class="muted">Free, independent journalism in your inbox. Pick as many as you like.</p>
      ${errors.length > 0 ? html`<div class="alert alert-error" role="alert">Please check: ${errors.join(', ')}.</div>` : ''}
      <div class="field${errors.includes('Email address') ? ' invalid' : ''}"><label for="nl-email">Email address</label><input id="nl-email" name="email" type="email" value="${values.get('email') ?? ''}" placeholder="you@example.com">
        ${errors.includes('Email address') ? html`<div class="error-text">Enter a valid email address, like name@example.com.</div>` : ''}</div>
      <fieldset class="topics${errors.includes('Newsletters') ? ' invalid' : ''}"><legend>Choose your newsletters</legend>
        ${errors.includes('Newsletters') ? html`<div class="error-text">Choose at least one newsletter.</div>` : ''}
        <div class="topic-grid">${topics.map((t) => html`<div class="topic-option"><input type="checkbox" id="topic-${t.id}" name="topic" value="${t.id}"${chosen.has(t.id) ? html` checked` : ''}><label for="topic-${t.id}"><strong>${t.label}</strong><span class="muted">${t.blurb}</span></label></div>`)}</div>
      </fieldset>
      <fieldset><legend>How often?</legend>${radio('daily', 'Daily', '— one email each morning')}${radio('weekly', 'Weekly digest', '— one email every Sunday')}</fieldset>
      <div class="check-row${errors.includes('Privacy consent') ? ' invalid' : ''}"><input type="checkbox" id="nl-agree" name="agree" value="yes"${values.get('agree') === 'yes' ? html` checked` : ''}><label for="nl-agree">I agree to receive these emails and have read the privacy policy</label></div>
      <button type="submit" class="btn btn-primary subscribe-submit">Subscribe</button>
    </form>
    <aside class="card newsletter-aside"><h3>What to expect</h3><p>Each newsletter is written by our editors, not by an algorithm. We never share your address with advertisers.</p><p>Every email has a one-click unsubscribe link.</p><img src="/img/photo/newsletter-${context.site.slug}.svg" alt="" width="300" height="200"></aside></div>`,
  )
}

export function confirmationPage(subscription: Subscription, request: SiteRequest, context: Context): string {
  const topics = newsletterTopics(context.model)
  return shell(
    context,
    request,
    'Subscription confirmed',
    html`<section class="card prose confirmation"><h1>✓ You're subscribed</h1>
      <p>Thanks for signing up. We've sent a welcome email to <strong>${subscription.email}</strong>.</p>
      <p>Your subscription code: <strong class="subscription-code">${subscription.code}</strong><br><span class="muted">Quote this code if you contact our readers' desk.</span></p>
      <table><tr><th>Newsletters</th><td>${subscription.topics.map((id) => topics.find((t) => t.id === id)?.label ?? id).join(', ')}</td></tr><tr><th>Frequency</th><td>${subscription.frequency === 'weekly' ? 'Weekly digest' : 'Daily'}</td></tr></table>
      <p><a class="btn btn-dark" href="/">Back to the front page</a></p></section>`,
  )
}
