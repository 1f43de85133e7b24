// Account pages: the registration form (also shown in the paywall), register, sign in, my account.
import {html, queryString, type Html} from '../../../html.js'
import type {SiteRequest} from '../../../types.js'
import {COOKIE_CATEGORIES} from '../labels.js'
import {newsletterTopics} from '../newsletter.js'
import type {Context} from '../types.js'
import {safeNext} from '../urls.js'
import {shell} from './shell.js'

const REGISTRATION_FIELDS = [
  {name: 'name', label: 'Full name', type: 'text'},
  {name: 'email', label: 'Email address', type: 'email'},
  {name: 'password', label: 'Password', type: 'password'},
] as const

export function registrationForm(prefix: 'pw' | 'reg', next: string, values: URLSearchParams, errors: string[]): Html {
  return html`<form method="post" action="/register" class="register-form" novalidate>
    <input type="hidden" name="next" value="${next}"><input type="hidden" name="from" value="${prefix}">
    ${errors.length > 0 ? html`<div class="alert alert-error" role="alert">Please check: ${errors.join(', ')}.</div>` : ''}
    ${REGISTRATION_FIELDS.map(
      (
        f,
      ) => html`<div class="field${errors.includes(f.label) ? ' invalid' : ''}"><label for="${prefix}-${f.name}">${f.label}</label>
      <input id="${prefix}-${f.name}" name="${f.name}" type="${f.type}" value="${f.type === 'password' ? '' : (values.get(f.name) ?? '')}"${f.type === 'password' ? html` autocomplete="new-password"` : ''}>
      ${f.type === 'password' ? html`<div class="hint">At least 8 characters, including a number.</div>` : ''}</div>`,
    )}
    <div class="check-row${errors.includes('Terms') ? ' invalid' : ''}"><input type="checkbox" id="${prefix}-terms" name="terms" value="yes"${values.get('terms') === 'yes' ? html` checked` : ''}><label for="${prefix}-terms">I accept the terms of use and the privacy policy</label></div>
    <div class="check-row"><input type="checkbox" id="${prefix}-marketing" name="marketing" value="yes"${values.get('marketing') === 'yes' ? html` checked` : ''}><label for="${prefix}-marketing">Send me offers and event invitations by email</label></div>
    <button type="submit" class="btn btn-dark register-submit">Register for free</button>
  </form>`
}

export function registerPage(
  request: SiteRequest,
  context: Context,
  values: URLSearchParams,
  errors: string[],
): string {
  const next = safeNext(values.get('next') ?? request.query.get('next'))
  return shell(
    context,
    request,
    'Register',
    html`<div class="auth-wrap"><section class="card auth-card"><h1>Create your free account</h1>
      <p class="muted">Unlimited articles, Premium journalism and newsletters, free of charge.</p>
      ${registrationForm('reg', next, values, errors)}
      <p class="muted">Already registered? <a href="/signin${queryString({next})}">Sign in</a></p></section>
      <section class="auth-benefits"><h2>Why register?</h2><ul><li>Read every Premium article</li><li>No limit on free articles</li><li>Save stories and follow writers</li><li>Manage your newsletters in one place</li></ul></section></div>`,
  )
}

export function signInPage(request: SiteRequest, context: Context, values: URLSearchParams, failed: boolean): string {
  const next = safeNext(values.get('next') ?? request.query.get('next'))
  return shell(
    context,
    request,
    'Sign in',
    html`<div class="auth-wrap"><section class="card auth-card"><h1>Sign in</h1>
      ${failed ? html`<div class="alert alert-error" role="alert">That email address and password do not match an account.</div>` : ''}
      <form method="post" action="/signin" novalidate><input type="hidden" name="next" value="${next}">
        <div class="field"><label for="si-email">Email address</label><input id="si-email" name="email" type="email" value="${values.get('email') ?? ''}"></div>
        <div class="field"><label for="si-password">Password</label><input id="si-password" name="password" type="password"></div>
        <button type="submit" class="btn btn-dark signin-submit">Sign in</button></form>
      <p class="muted">New here? <a href="/register${queryString({next})}">Register for free</a></p></section></div>`,
  )
}

export function accountPage(request: SiteRequest, context: Context): string {
  const {state, model} = context
  const account = state.account!
  const consent = state.consent
  const topics = newsletterTopics(model)
  const label = (id: string) => topics.find((t) => t.id === id)?.label ?? id
  return shell(
    context,
    request,
    'My account',
    html`${request.query.get('welcome') === '1' ? html`<div class="alert alert-ok" role="status">Welcome, ${account.name}! Your free account is ready.</div>` : ''}
    <section class="card prose"><h1>My account</h1>
      <table class="account-table"><tr><th>Name</th><td>${account.name}</td></tr><tr><th>Email</th><td>${account.email}</td></tr>
      <tr><th>Offers by email</th><td>${account.marketing ? 'Yes' : 'No'}</td></tr>
      <tr><th>Cookies</th><td>${
        consent
          ? COOKIE_CATEGORIES.filter((c) => consent[c.id])
              .map((c) => c.label)
              .join(', ') || 'Essential only'
          : 'Not chosen yet'
      } · <a href="/privacy-settings">Change</a></td></tr></table>
      <h2>Newsletters</h2>${state.subscriptions.length === 0 ? html`<p>You have no newsletter subscriptions. <a href="/newsletter">Choose newsletters</a></p>` : html`<ul>${state.subscriptions.map((s) => html`<li>${s.topics.map(label).join(', ')} (${s.frequency}) to ${s.email}</li>`)}</ul>`}
      <form method="post" action="/signout"><button type="submit" class="btn signout">Sign out</button></form></section>`,
  )
}
