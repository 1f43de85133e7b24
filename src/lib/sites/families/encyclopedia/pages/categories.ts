// The list of categories, a category page with its sortable member table or cards, and the index of all articles.
import {html, queryString} from '../../../html.js'
import {breadcrumb} from '../../../layout.js'
import {articleHref, capitalise} from '../format.js'
import {COLUMN_LABELS, KIND_LABELS} from '../labels.js'
import {row, sortedMembers} from '../lookups.js'
import type {Article, Category, Context} from '../types.js'
import {shell} from './shell.js'

export function categoriesPage(context: Context): string {
  const {model} = context
  const kinds = [...new Set(model.categories.map((c) => c.kind))]
  return shell(
    context,
    'Categories',
    html`${breadcrumb([{href: '/', label: 'Main page'}], 'Categories')}
    <section class="card"><h1>Categories</h1><p class="muted">Every article belongs to one or more categories. Choose a category to see its pages.</p>
    <div class="category-groups">${kinds.map(
      (kind) =>
        html`<div class="category-group"><h2>${capitalise(KIND_LABELS[kind].many)}</h2><ul>${model.categories
          .filter((c) => c.kind === kind)
          .map(
            (c) =>
              html`<li><a class="category-link" data-category="${c.slug}" href="/category/${encodeURIComponent(c.slug)}">${c.name}</a> <span class="muted">(${c.members.length} ${c.members.length === 1 ? 'page' : 'pages'})</span></li>`,
          )}</ul></div>`,
    )}</div></section>`,
  )
}

export function categoryPage(cat: Category, query: URLSearchParams, context: Context): string {
  const {model} = context
  const sort = query.get('sort') ?? ''
  const dir = query.get('dir') === 'asc' ? 'asc' : 'desc'
  const members = sortedMembers(model, cat, sort, dir)
  const href = (key: string) =>
    `/category/${encodeURIComponent(cat.slug)}${queryString({sort: key, dir: key === sort && dir === 'desc' ? 'asc' : 'desc'})}`
  const arrow = (key: string) => (key === sort ? (dir === 'desc' ? ' ▼' : ' ▲') : '')
  const sortLink = (key: string) =>
    html`<a class="sort-link${key === sort ? ' active' : ''}" data-sort="${key}" href="${href(key)}">${COLUMN_LABELS[key] ?? key}${arrow(key)}</a>`
  const cell = (a: Article, key: string) => row(a, key)?.text ?? '—'
  const view =
    model.layout.categoryView === 'table'
      ? html`<table class="member-table"><thead><tr><th><a class="sort-link name-sort" href="/category/${encodeURIComponent(cat.slug)}">Article</a></th>${cat.columns.map((key) => html`<th>${sortLink(key)}</th>`)}</tr></thead>
        <tbody>${members.map((a) => html`<tr data-article="${a.slug}"><td><a class="member-link" href="${articleHref(a.slug)}">${a.title}</a></td>${cat.columns.map((key) => html`<td>${cell(a, key)}</td>`)}</tr>`)}</tbody></table>`
      : html`<div class="sort-bar">Sort by: <a class="name-sort" href="/category/${encodeURIComponent(cat.slug)}">Name</a>${cat.columns.map((key) => html` · ${sortLink(key)}`)}</div>
        <div class="member-cards">${members.map(
          (
            a,
          ) => html`<article class="member-card" data-article="${a.slug}"><img src="/img/${a.image.kind}/${a.image.name}.svg" alt="" width="220" height="120"><h3><a class="member-link" href="${articleHref(a.slug)}">${a.title}</a></h3>
          <dl>${cat.columns.map((key) => html`<dt>${COLUMN_LABELS[key] ?? key}</dt><dd>${cell(a, key)}</dd>`)}</dl></article>`,
        )}</div>`
  return shell(
    context,
    `Category: ${cat.name}`,
    html`${breadcrumb(
      [
        {href: '/', label: 'Main page'},
        {href: '/categories', label: 'Categories'},
      ],
      cat.name,
    )}
    <section class="card"><h1>Category: ${cat.name}</h1><p>${cat.description}</p>
    <p class="muted">This category contains the following ${members.length} ${members.length === 1 ? 'page' : 'pages'}.${model.layout.categoryView === 'table' ? ' Click a column heading to sort.' : ''}</p>
    ${view}</section>`,
  )
}

export function allArticlesPage(context: Context): string {
  const {model} = context
  const letters = [...new Set(model.articles.map((a) => a.title.charAt(0).toUpperCase()))].sort()
  return shell(
    context,
    'All articles',
    html`${breadcrumb([{href: '/', label: 'Main page'}], 'All articles')}
    <section class="card"><h1>All articles</h1><p class="letter-bar">${letters.map((l) => html`<a href="#letter-${l}">${l}</a> `)}</p>
    ${letters.map((l) => html`<h2 id="letter-${l}">${l}</h2><ul class="index-list">${model.articles.filter((a) => a.title.charAt(0).toUpperCase() === l).map((a) => html`<li><a href="${articleHref(a.slug)}">${a.title}</a> <span class="muted">(${KIND_LABELS[a.kind].one})</span></li>`)}</ul>`)}</section>`,
  )
}
