// The privacy settings page, where each cookie category is allowed or refused.
import {html} from '../../../html.js'
import {breadcrumb} from '../../../layout.js'
import type {SiteRequest} from '../../../types.js'
import {COOKIE_CATEGORIES} from '../labels.js'
import type {Context} from '../types.js'
import {safeNext} from '../urls.js'
import {shell} from './shell.js'

export function privacySettingsPage(request: SiteRequest, context: Context): string {
  const consent = context.state.consent
  const saved = request.query.get('saved') === '1'
  const next = safeNext(request.query.get('next'))
  return shell(
    context,
    request,
    'Privacy settings',
    html`${breadcrumb([{href: '/', label: 'Home'}], 'Privacy settings')}
    <section class="card prose privacy-settings">
      <h1>Privacy settings</h1>
      ${saved ? html`<div class="alert alert-ok" role="status">Your cookie preferences have been saved.</div>` : ''}
      <p>Choose which optional cookies we may use. Essential cookies keep you signed in and remember this choice; they cannot be switched off.</p>
      <form method="post" action="/privacy-settings" class="cookie-form">
        <input type="hidden" name="next" value="${next}">
        <div class="cookie-row"><div><strong>Essential cookies</strong><p class="muted">Needed for the site to work.</p></div><span class="always-on">Always on</span></div>
        ${COOKIE_CATEGORIES.map(
          (c) => html`<div class="cookie-row"><div><strong>${c.label}</strong><p class="muted">${c.blurb}</p></div>
          <label class="switch" for="ck-${c.id}"><input type="checkbox" id="ck-${c.id}" name="${c.id}" value="on"${consent?.[c.id] ? html` checked` : ''}><span class="slider" aria-hidden="true"></span><span class="switch-label">Allow</span></label></div>`,
        )}
        <div class="form-actions"><button type="submit" class="btn btn-dark save-preferences">Save my preferences</button> <a href="${next}">Cancel</a></div>
      </form>
    </section>`,
    {banner: false},
  )
}
