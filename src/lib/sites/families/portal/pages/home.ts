// The home page: hero search, quick tiles, notices, topics and popular services.
import {html} from '../../../html.js'
import {rngFor, sample} from '../../../random-pick.js'
import type {Context} from '../types.js'
import {icon, shell} from './shell.js'

export function homePage(context: Context): string {
  const {model, site} = context
  const popular = sample(rngFor(site, 'popular'), model.services, 6)
  const tiles = [
    {
      href: '/services',
      icon: icon('document'),
      title: 'Apply for a permit or licence',
      text: 'Start, continue and pay online.',
    },
    {
      href: '/appointments',
      icon: icon('calendar'),
      title: 'Book an appointment',
      text: 'Choose an office, a day and a time.',
    },
    {href: '/offices', icon: icon('pin'), title: 'Find an office', text: 'Addresses and opening hours.'},
    {href: '/track', icon: icon('search'), title: 'Track an application', text: 'Check the status with your number.'},
  ]
  return shell(
    context,
    'Home',
    html`<section class="hero">
      <div class="hero-text">
        <h1>City of ${model.city} services, online</h1>
        <p>Apply for permits and licences, claim support and book appointments — any time, from any device.</p>
        <form class="hero-search" method="get" action="/search" role="search"><input type="search" name="q" placeholder="What do you need to do?" aria-label="Search services"><button class="btn btn-dark" type="submit">Find a service</button></form>
      </div>
      <img src="/img/photo/city-hall-${site.slug}.svg" alt="City hall of ${model.city}" width="360" height="240">
    </section>
    <div class="quick-tiles">${tiles.map((t) => html`<a class="card quick-tile" href="${t.href}"><span class="tile-icon" aria-hidden="true">${t.icon}</span><strong>${t.title}</strong><span class="muted">${t.text}</span></a>`)}</div>
    <section class="notices card" aria-label="Service notices"><h2>Service notices</h2><ul>${model.notices.map((n) => html`<li>${n}</li>`)}</ul></section>
    <h2>Browse services by topic</h2>
    <div class="topic-grid cols-${model.layout.homeColumns}">${model.categories.map((c) => html`<a class="card topic-tile" href="/services/${c.id}"><img src="/img/photo/topic-${c.id}.svg" alt="" width="200" height="120"><strong>${c.name}</strong><span class="muted">${c.blurb}</span><span class="topic-count">${model.services.filter((s) => s.categoryId === c.id).length} services</span></a>`)}</div>
    <h2>Popular services</h2>
    <div class="popular-list">${popular.map((s) => html`<a class="popular-link" href="/service/${s.slug}">${s.name} <span aria-hidden="true">›</span></a>`)}</div>`,
  )
}
