// Shop pages for browsing: home, search results with facets, sort and pagination, and the product page.
import {formatMoney} from '../../../check-helpers.js'
import {html, queryString, type Html} from '../../../html.js'
import {breadcrumb, pagination, stars} from '../../../layout.js'
import {hashString} from '../../../random-pick.js'
import type {SiteContext} from '../../../types.js'
import type {Product, ShopModel, ShopState} from '../model.js'
import {shell} from './shell.js'

const PAGE_SIZE = 12

function productCard(p: Product): Html {
  return html`<article class="card product-card">
    <a class="product-image" href="/product/${p.id}" tabindex="-1"><img src="/img/product/${p.id}-${hashString(p.name)}.svg" alt="${p.name}" width="200" height="150"></a>
    <h3><a class="product-link" data-product="${p.id}" href="/product/${p.id}">${p.name}</a></h3>
    <div>${stars(p.rating)} <span class="muted">(${p.reviews.length})</span></div>
    <div class="price">${formatMoney(p.price)}</div>
    ${p.stock === 0 ? html`<div class="muted">Out of stock</div>` : ''}
  </article>`
}

export function home(context: SiteContext<ShopModel, ShopState>): string {
  const {model} = context
  const deals = [...model.products].sort((a, b) => b.rating - a.rating).slice(0, 8)
  return shell(
    context,
    'Home',
    html`<section class="hero card"><div><h1>${model.tagline}</h1><p class="muted">Free standard shipping on orders over $75. Thirty-day returns.</p><a class="btn btn-dark" href="/search">Shop all products</a></div><img src="/img/photo/hero-${context.site.slug}.svg" alt="" width="360" height="240"></section>
    <h2>Shop by category</h2>
    <div class="grid categories">${model.categories.map((category) => html`<a class="card category-tile" href="/search${queryString({category})}"><img src="/img/product/cat-${category}.svg" alt="" width="200" height="150"><strong>${category}</strong></a>`)}</div>
    <h2>Top rated</h2>
    <div class="grid">${deals.map(productCard)}</div>`,
  )
}

type Sort = 'relevance' | 'price-asc' | 'price-desc' | 'rating'
const SORTS: {id: Sort; label: string}[] = [
  {id: 'relevance', label: 'Featured'},
  {id: 'price-asc', label: 'Price: low to high'},
  {id: 'price-desc', label: 'Price: high to low'},
  {id: 'rating', label: 'Customer rating'},
]

function matches(p: Product, q: string): boolean {
  const words = q.toLowerCase().split(/\s+/).filter(Boolean)
  const text = `${p.name} ${p.category} ${p.brand} ${p.color}`.toLowerCase()
  return words.every((word) => text.includes(word))
}

export function searchPage(query: URLSearchParams, context: SiteContext<ShopModel, ShopState>): string {
  const {model} = context
  const q = query.get('q') ?? ''
  const category = query.get('category') ?? ''
  const brand = query.get('brand') ?? ''
  const minRating = Number(query.get('rating') ?? 0) || 0
  const sort = (SORTS.find((s) => s.id === query.get('sort'))?.id ?? 'relevance') as Sort
  const current = Math.max(1, Number.parseInt(query.get('page') ?? '1', 10) || 1)
  let results = model.products.filter(
    (p) =>
      matches(p, q) && (!category || p.category === category) && (!brand || p.brand === brand) && p.rating >= minRating,
  )
  if (sort === 'price-asc') results = [...results].sort((a, b) => a.price - b.price || a.id - b.id)
  if (sort === 'price-desc') results = [...results].sort((a, b) => b.price - a.price || a.id - b.id)
  if (sort === 'rating') results = [...results].sort((a, b) => b.rating - a.rating || a.id - b.id)
  const pages = Math.max(1, Math.ceil(results.length / PAGE_SIZE))
  const shown = results.slice((current - 1) * PAGE_SIZE, current * PAGE_SIZE)
  const state = {q, category, brand, rating: minRating || '', sort: sort === 'relevance' ? '' : sort}
  const href = (changes: Record<string, string | number>) => `/search${queryString({...state, ...changes})}`
  const facet = (label: string, active: boolean, link: string, cls: string) =>
    html`<li><a class="${cls}${active ? ' active' : ''}" href="${link}">${active ? '✓ ' : ''}${label}</a></li>`
  const title = q ? `Results for “${q}”` : category || 'All products'
  return shell(
    context,
    title,
    html`${breadcrumb([{href: '/', label: 'Home'}], title)}
    <div class="row">
      <aside class="sidebar card facets">
        <h3>Category</h3><ul>${facet('All categories', !category, href({category: '', page: ''}), 'facet-category')}${model.categories.map((c) => facet(c, c === category, href({category: c, page: ''}), 'facet-category'))}</ul>
        <h3>Brand</h3><ul>${facet('All brands', !brand, href({brand: '', page: ''}), 'facet-brand')}${model.brands.map((b) => facet(b, b === brand, href({brand: b, page: ''}), 'facet-brand'))}</ul>
        <h3>Customer rating</h3><ul>${[4.5, 4, 3.5].map((r) => facet(`${r} stars & up`, r === minRating, href({rating: r, page: ''}), 'facet-rating'))}${facet('Any rating', !minRating, href({rating: '', page: ''}), 'facet-rating')}</ul>
      </aside>
      <section class="content">
        <div class="toolbar"><h1>${title}</h1><span class="muted result-count">${results.length} results</span></div>
        <div class="sort-bar">Sort by: ${SORTS.map((s) => (s.id === sort ? html`<strong class="sort-option active">${s.label}</strong>` : html`<a class="sort-option" data-sort="${s.id}" href="${href({sort: s.id === 'relevance' ? '' : s.id, page: ''})}">${s.label}</a>`))}</div>
        ${shown.length === 0 ? html`<p class="card">No products match your search. Try fewer words or clear the filters.</p>` : html`<div class="grid">${shown.map(productCard)}</div>`}
        ${pagination(current, pages, (p) => href({page: p}))}
      </section>
    </div>`,
    q,
  )
}

export function productPage(p: Product, context: SiteContext<ShopModel, ShopState>, added: boolean): string {
  return shell(
    context,
    p.name,
    html`${breadcrumb(
      [
        {href: '/', label: 'Home'},
        {href: `/search${queryString({category: p.category})}`, label: p.category},
      ],
      p.name,
    )}
    ${added ? html`<div class="alert alert-ok" role="status">Added to your cart. <a href="/cart">View cart</a></div>` : ''}
    <div class="row product">
      <div class="card gallery"><img src="/img/product/${p.id}-${hashString(p.name)}.svg" alt="${p.name}" width="400" height="300"></div>
      <div class="card buy-box">
        <h1 class="product-title">${p.name}</h1>
        <div>${stars(p.rating)} <span class="rating-value">${p.rating.toFixed(1)}</span> <a href="#reviews">${p.reviews.length} reviews</a></div>
        <p class="price product-price">${formatMoney(p.price)}</p>
        <p>Color: <strong>${p.color}</strong></p>
        <p class="stock">${p.stock === 0 ? 'Out of stock' : p.stock < 5 ? `Only ${p.stock} left in stock` : 'In stock'}</p>
        ${
          p.stock === 0
            ? ''
            : html`<form method="post" action="/cart" class="add-form">
          <input type="hidden" name="action" value="add"><input type="hidden" name="product" value="${p.id}">
          <label for="qty">Quantity</label>
          <input id="qty" name="qty" type="number" min="1" max="${Math.min(p.stock, 10)}" value="1" style="width:80px">
          <button type="submit" class="btn btn-primary add-to-cart">Add to cart</button>
        </form>`
        }
      </div>
    </div>
    <section class="card"><h2>Product details</h2><p>${p.description}</p>
      <table class="specs"><tr><th>Brand</th><td>${p.brand}</td></tr><tr><th>Category</th><td>${p.category}</td></tr><tr><th>Color</th><td>${p.color}</td></tr><tr><th>Item number</th><td>SKU-${p.id}</td></tr></table>
    </section>
    <section class="card" id="reviews"><h2>Customer reviews</h2>${p.reviews.map((r) => html`<div class="review"><strong>${r.author}</strong> ${stars(r.rating)}<p>${r.text}</p></div>`)}</section>`,
  )
}
