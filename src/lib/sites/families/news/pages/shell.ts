// The page shell: header with date and account links, and the cookie banner until the reader chooses.
import {html, queryString, type Html} from '../../../html.js'
import {page, type NavLink} from '../../../layout.js'
import type {SiteRequest} from '../../../types.js'
import {dateParts, formatDate, WEEKDAYS} from '../dates.js'
import {SECTION_INFO} from '../labels.js'
import type {Context, Layout, NewsModel} from '../types.js'
import {currentUrl} from '../urls.js'
import {layoutCss, NEWS_CSS} from './style.js'

export function nav(model: NewsModel): NavLink[] {
  return [
    {href: '/', label: 'Home'},
    ...model.sections.map((id) => ({href: `/section/${id}`, label: SECTION_INFO[id].label})),
  ]
}

interface ShellOptions {
  q?: string
  overlays?: Html
  /** False on the page where the cookie choice is made. */
  banner?: boolean
}

export function shell(
  context: Context,
  request: SiteRequest,
  title: string,
  body: Html,
  options: ShellOptions = {},
): string {
  const {model, state, site} = context
  const {weekday} = dateParts(model.today)
  const account =
    state.signedIn && state.account
      ? html`<a class="account-link" href="/account">My account (${state.account.name.split(' ')[0]})</a>`
      : html`<a class="signin-link" href="/signin">Sign in</a><a class="btn btn-primary register-link" href="/register">Register</a>`
  const banner =
    options.banner !== false && state.consent === null ? cookieBanner(model.layout.banner, currentUrl(request)) : html``
  return page(site, {
    title,
    body: html`<div class="dateline"><span>${WEEKDAYS[weekday]}, ${formatDate(model.today, model.layout.dateStyle)}</span><span class="muted">${model.tagline}</span></div>${body}`,
    nav: nav(model),
    search: {action: '/search', name: 'q', placeholder: 'Search news, topics and writers', value: options.q ?? ''},
    headerExtras: html`<a class="newsletter-link" href="/newsletter">✉ Newsletters</a>${account}`,
    overlays: html`${banner}${options.overlays ?? ''}`,
    css: NEWS_CSS + layoutCss(model.layout),
    script: banner.markup ? CONSENT_SCRIPT : undefined,
  })
}

function cookieBanner(style: Layout['banner'], next: string): Html {
  const box = html`<div class="cookie-banner cookie-${style}" role="dialog" aria-label="Cookie consent">
    <div class="cookie-text"><h3>We value your privacy</h3>
      <p>We and our 14 partners use cookies to keep this site working, to measure how our journalism is read and to show adverts that pay for it. Essential cookies are always on. You can change your choice at any time under Privacy settings.</p></div>
    <form method="post" action="/consent" class="cookie-actions">
      <input type="hidden" name="next" value="${next}">
      <button type="submit" name="choice" value="accept" class="btn btn-primary accept-cookies">Accept all</button>
      <button type="submit" name="choice" value="reject" class="btn reject-cookies">Reject non-essential</button>
      <a class="manage-cookies" href="/privacy-settings${queryString({next})}">Manage preferences</a>
    </form>
  </div>`
  return style === 'modal' ? html`<div class="overlay cookie-overlay">${box}</div>` : box
}

/** The banner's buttons save the choice in the background and close the banner in place, like most real banners. */
const CONSENT_SCRIPT = `
document.querySelectorAll('.cookie-actions button[name=choice]').forEach(function (button) {
  button.addEventListener('click', function (event) {
    event.preventDefault();
    var body = new URLSearchParams({choice: button.value, mode: 'script'});
    fetch('/consent', {method: 'POST', body: body, credentials: 'same-origin', keepalive: true});
    var banner = document.querySelector('.cookie-overlay') || document.querySelector('.cookie-banner');
    if (banner) banner.remove();
  });
});`
