import type {SeededRandom} from '../../random/seeded-random.js'
import type {SolutionStep} from '../../schema/solution.js'
import {answerMentions, formatMoney} from '../check-helpers.js'
import {html, queryString, raw, type Html} from '../html.js'
import {aboutPage, breadcrumb, notFoundPage, page, pagination, stars, type NavLink} from '../layout.js'
import {between, hashString, pick, price, rngFor, sample} from '../random-pick.js'
import {htmlReply, redirect, route} from '../reply.js'
import type {FactGroupDef, FixtureTaskDef, SiteContext, SiteFamily, SiteInfo, SiteReply, SiteRequest} from '../types.js'

// An online shop: search, facets, sort, pagination, product pages with reviews, a cart and a checkout form.

interface Product {
  id: number
  name: string
  category: string
  brand: string
  price: number
  rating: number
  reviews: {author: string; rating: number; text: string}[]
  color: string
  stock: number
  description: string
}

export interface ShopModel {
  tagline: string
  categories: string[]
  brands: string[]
  products: Product[]
  shipping: {standard: number; express: number}
}

interface Order {
  number: string
  items: {productId: number; qty: number}[]
  name: string
  email: string
  address: string
  city: string
  zip: string
  shipping: 'standard' | 'express'
}

export interface ShopState {
  cart: {productId: number; qty: number}[]
  orders: Order[]
}

const PAGE_SIZE = 12
const CART_ICON = raw('<svg width="18" height="16" viewBox="0 0 18 16" aria-hidden="true" style="vertical-align:-2px"><path d="M1 1h3l2 9h9l2-7H5" fill="none" stroke="currentColor" stroke-width="2"/><circle cx="7" cy="14" r="1.6" fill="currentColor"/><circle cx="14" cy="14" r="1.6" fill="currentColor"/></svg>')

const CATALOGS = [
  {theme: 'outdoor gear', categories: ['Tents', 'Backpacks', 'Sleeping Bags', 'Headlamps', 'Trekking Poles', 'Water Bottles'], nouns: ['Tent', 'Pack', 'Sleeping Bag', 'Headlamp', 'Trekking Pole', 'Bottle']},
  {theme: 'electronics', categories: ['Headphones', 'Speakers', 'Keyboards', 'Monitors', 'Webcams', 'Chargers'], nouns: ['Headphones', 'Speaker', 'Keyboard', 'Monitor', 'Webcam', 'Charger']},
  {theme: 'kitchenware', categories: ['Pans', 'Knives', 'Kettles', 'Blenders', 'Cutting Boards', 'Mugs'], nouns: ['Pan', 'Knife', 'Kettle', 'Blender', 'Cutting Board', 'Mug']},
  {theme: 'home and garden', categories: ['Lamps', 'Planters', 'Rugs', 'Cushions', 'Garden Tools', 'Clocks'], nouns: ['Lamp', 'Planter', 'Rug', 'Cushion', 'Hand Trowel', 'Wall Clock']},
  {theme: 'sports equipment', categories: ['Running Shoes', 'Yoga Mats', 'Dumbbells', 'Bike Helmets', 'Jump Ropes', 'Gym Bags'], nouns: ['Running Shoe', 'Yoga Mat', 'Dumbbell Set', 'Bike Helmet', 'Jump Rope', 'Gym Bag']},
] as const

const BRANDS = ['Altura', 'Brightline', 'Corvo', 'Dunmore', 'Elkhorn', 'Fjordic', 'Granite & Co', 'Halvard', 'Ironleaf', 'Juniper', 'Kestrel', 'Lumen', 'Marlow', 'Northpeak', 'Orbis']
const ADJECTIVES = ['Classic', 'Pro', 'Ultralight', 'Compact', 'Deluxe', 'Everyday', 'Summit', 'Trail', 'Urban', 'Nimbus', 'Vista', 'Core', 'Prime', 'Swift', 'Terra']
const COLORS = ['Black', 'Slate Grey', 'Forest Green', 'Navy', 'Crimson', 'Sand', 'White', 'Ocean Blue']
const REVIEWERS = ['Maria K.', 'Tom B.', 'Aisha R.', 'Jonas L.', 'Priya S.', 'Chen W.', 'Lucas M.', 'Fatima Z.', 'Emma D.', 'Noah P.']
const REVIEW_TEXTS = [
  'Does exactly what it says. Would buy again.',
  'Good value for the price, though delivery took a few days.',
  'Solid build quality. The color is a little darker than in the photos.',
  'Not great. It stopped working properly after a month.',
  'Excellent! My second one, and it is just as good as the first.',
  'Decent, but the instructions were confusing.',
]

const CUSTOMERS = [
  {name: 'Dana Whitfield', email: 'dana.whitfield@example.com', address: '14 Orchard Lane', city: 'Springfield', zip: '62704'},
  {name: 'Ravi Menon', email: 'ravi.menon@example.com', address: '221 Baker Street', city: 'Portland', zip: '97205'},
  {name: 'Lena Fischer', email: 'lena.fischer@example.com', address: '9 Harbor View Road', city: 'Annapolis', zip: '21401'},
  {name: 'Marcus Hale', email: 'marcus.hale@example.com', address: '77 Maple Avenue', city: 'Madison', zip: '53703'},
]

export const shop: SiteFamily<ShopModel, ShopState> = {
  id: 'shop',
  domain: 'Lifestyle & Leisure',
  subdomain: 'Shopping',
  brandWords: {
    first: ['Northwind', 'Bluebird', 'Copperline', 'Evergreen', 'Harbor', 'Maple', 'Summit', 'Lantern', 'Riverstone', 'Sunday'],
    second: ['Outfitters', 'Market', 'Supply', 'Goods', 'Emporium', 'Store', 'Depot', 'Trading Co'],
  },
  model: makeModel,
  initialState: () => ({cart: [], orders: []}),
  handle,
  tasks: makeTasks,
}

function makeModel(site: SiteInfo, rng: SeededRandom): ShopModel {
  const catalog = pick(rng, CATALOGS)
  const brands = sample(rng, BRANDS, 6)
  const products: Product[] = []
  const used = new Set<string>()
  const count = between(rng, 40, 60)
  for (let id = 1; products.length < count; id++) {
    const c = rng.below(catalog.categories.length)
    const brand = pick(rng, brands)
    const name = `${brand} ${pick(rng, ADJECTIVES)} ${catalog.nouns[c]}`
    if (used.has(name)) continue
    used.add(name)
    const reviews = Array.from({length: between(rng, 2, 5)}, () => ({author: pick(rng, REVIEWERS), rating: between(rng, 2, 5), text: pick(rng, REVIEW_TEXTS)}))
    products.push({
      id: products.length + 101,
      name,
      category: catalog.categories[c]!,
      brand,
      price: price(rng, 9, 420),
      rating: Math.round((3 + rng.nextFloat() * 2) * 10) / 10,
      reviews,
      color: pick(rng, COLORS),
      stock: between(rng, 0, 40),
      description: `The ${name} is built for people who want dependable ${catalog.theme} without fuss. Carefully tested and backed by a two-year warranty.`,
    })
  }
  return {
    tagline: `Quality ${catalog.theme} at fair prices`,
    categories: [...catalog.categories],
    brands,
    products,
    shipping: {standard: pick(rng, [4.99, 5.95, 6.5]), express: pick(rng, [12.99, 14.5, 15.95])},
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Pages

function nav(model: ShopModel): NavLink[] {
  return [...model.categories.map((category) => ({href: `/search${queryString({category})}`, label: category})), {href: '/cart', label: 'Cart'}]
}

function shell(context: SiteContext<ShopModel, ShopState>, title: string, body: Html, q = ''): string {
  const count = context.state.cart.reduce((sum, line) => sum + line.qty, 0)
  return page(context.site, {
    title,
    body,
    nav: nav(context.model),
    search: {action: '/search', name: 'q', placeholder: `Search ${context.site.name}`, value: q},
    headerExtras: html`<a href="/about">Help</a><a class="cart-link" href="/cart">${CART_ICON} Cart (<span class="cart-count">${count}</span>)</a>`,
    css: SHOP_CSS,
  })
}

function handle(request: SiteRequest, context: SiteContext<ShopModel, ShopState>): SiteReply {
  const {path} = request
  if (path === '/') return htmlReply(home(context))
  if (path === '/search') return htmlReply(searchPage(request.query, context))
  if (path === '/cart' && request.method === 'POST') return updateCart(request.form, context)
  if (path === '/cart') return htmlReply(cartPage(context))
  if (path === '/checkout' && request.method === 'POST') return placeOrder(request.form, context)
  if (path === '/checkout') return htmlReply(checkoutPage(context, new URLSearchParams(), []))
  if (path === '/about') return htmlReply(aboutPage(context.site, nav(context.model), `${context.site.name} has sold ${context.model.tagline.toLowerCase()} since 2009.`))
  const product = route(path, '/product/:id')
  if (product) {
    const item = context.model.products.find((p) => String(p.id) === product.id)
    if (item) return htmlReply(productPage(item, context, request.query.get('added') === '1'))
  }
  const order = route(path, '/order/:number')
  if (order) {
    const placed = context.state.orders.find((o) => o.number === order.number)
    if (placed) return htmlReply(orderPage(placed, context))
  }
  return htmlReply(notFoundPage(context.site, nav(context.model)), 404)
}

function productCard(p: Product): Html {
  return html`<article class="card product-card">
    <a class="product-image" href="/product/${p.id}" tabindex="-1"><img src="/img/product/${p.id}-${hashString(p.name)}.svg" alt="${p.name}" width="200" height="150"></a>
    <h3><a class="product-link" data-product="${p.id}" href="/product/${p.id}">${p.name}</a></h3>
    <div>${stars(p.rating)} <span class="muted">(${p.reviews.length})</span></div>
    <div class="price">${formatMoney(p.price)}</div>
    ${p.stock === 0 ? html`<div class="muted">Out of stock</div>` : ''}
  </article>`
}

function home(context: SiteContext<ShopModel, ShopState>): string {
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

function searchPage(query: URLSearchParams, context: SiteContext<ShopModel, ShopState>): string {
  const {model} = context
  const q = query.get('q') ?? ''
  const category = query.get('category') ?? ''
  const brand = query.get('brand') ?? ''
  const minRating = Number(query.get('rating') ?? 0) || 0
  const sort = (SORTS.find((s) => s.id === query.get('sort'))?.id ?? 'relevance') as Sort
  const current = Math.max(1, Number.parseInt(query.get('page') ?? '1', 10) || 1)
  let results = model.products.filter((p) => matches(p, q) && (!category || p.category === category) && (!brand || p.brand === brand) && p.rating >= minRating)
  if (sort === 'price-asc') results = [...results].sort((a, b) => a.price - b.price || a.id - b.id)
  if (sort === 'price-desc') results = [...results].sort((a, b) => b.price - a.price || a.id - b.id)
  if (sort === 'rating') results = [...results].sort((a, b) => b.rating - a.rating || a.id - b.id)
  const pages = Math.max(1, Math.ceil(results.length / PAGE_SIZE))
  const shown = results.slice((current - 1) * PAGE_SIZE, current * PAGE_SIZE)
  const state = {q, category, brand, rating: minRating || '', sort: sort === 'relevance' ? '' : sort}
  const href = (changes: Record<string, string | number>) => `/search${queryString({...state, ...changes})}`
  const facet = (label: string, active: boolean, link: string, cls: string) => html`<li><a class="${cls}${active ? ' active' : ''}" href="${link}">${active ? '✓ ' : ''}${label}</a></li>`
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

function productPage(p: Product, context: SiteContext<ShopModel, ShopState>, added: boolean): string {
  return shell(
    context,
    p.name,
    html`${breadcrumb([{href: '/', label: 'Home'}, {href: `/search${queryString({category: p.category})}`, label: p.category}], p.name)}
    ${added ? html`<div class="alert alert-ok" role="status">Added to your cart. <a href="/cart">View cart</a></div>` : ''}
    <div class="row product">
      <div class="card gallery"><img src="/img/product/${p.id}-${hashString(p.name)}.svg" alt="${p.name}" width="400" height="300"></div>
      <div class="card buy-box">
        <h1 class="product-title">${p.name}</h1>
        <div>${stars(p.rating)} <span class="rating-value">${p.rating.toFixed(1)}</span> <a href="#reviews">${p.reviews.length} reviews</a></div>
        <p class="price product-price">${formatMoney(p.price)}</p>
        <p>Color: <strong>${p.color}</strong></p>
        <p class="stock">${p.stock === 0 ? 'Out of stock' : p.stock < 5 ? `Only ${p.stock} left in stock` : 'In stock'}</p>
        ${p.stock === 0 ? '' : html`<form method="post" action="/cart" class="add-form">
          <input type="hidden" name="action" value="add"><input type="hidden" name="product" value="${p.id}">
          <label for="qty">Quantity</label>
          <input id="qty" name="qty" type="number" min="1" max="${Math.min(p.stock, 10)}" value="1" style="width:80px">
          <button type="submit" class="btn btn-primary add-to-cart">Add to cart</button>
        </form>`}
      </div>
    </div>
    <section class="card"><h2>Product details</h2><p>${p.description}</p>
      <table class="specs"><tr><th>Brand</th><td>${p.brand}</td></tr><tr><th>Category</th><td>${p.category}</td></tr><tr><th>Color</th><td>${p.color}</td></tr><tr><th>Item number</th><td>SKU-${p.id}</td></tr></table>
    </section>
    <section class="card" id="reviews"><h2>Customer reviews</h2>${p.reviews.map((r) => html`<div class="review"><strong>${r.author}</strong> ${stars(r.rating)}<p>${r.text}</p></div>`)}</section>`,
  )
}

function updateCart(form: URLSearchParams, context: SiteContext<ShopModel, ShopState>): SiteReply {
  const productId = Number(form.get('product'))
  const product = context.model.products.find((p) => p.id === productId)
  const qty = Math.max(0, Math.min(10, Number.parseInt(form.get('qty') ?? '1', 10) || 0))
  const {cart} = context.state
  const line = cart.find((l) => l.productId === productId)
  const action = form.get('action')
  if (!product) return redirect('/cart')
  if (action === 'add' && qty > 0) {
    if (line) line.qty = Math.min(10, line.qty + qty)
    else cart.push({productId, qty})
    return redirect(`/product/${productId}?added=1`)
  }
  if (action === 'update' && line) line.qty = qty
  if (action === 'remove' || (line && line.qty === 0)) context.state.cart = cart.filter((l) => l.productId !== productId)
  return redirect('/cart')
}

function cartLines(context: SiteContext<ShopModel, ShopState>) {
  return context.state.cart.map((line) => ({...line, product: context.model.products.find((p) => p.id === line.productId)!}))
}

function cartPage(context: SiteContext<ShopModel, ShopState>): string {
  const lines = cartLines(context)
  const subtotal = lines.reduce((sum, l) => sum + l.qty * l.product.price, 0)
  return shell(
    context,
    'Your cart',
    html`<h1>Your cart</h1>
    ${lines.length === 0 ? html`<div class="card"><p>Your cart is empty.</p><a class="btn btn-dark" href="/search">Continue shopping</a></div>` : html`<div class="card"><table class="cart-table">
      <tr><th>Item</th><th>Price</th><th>Quantity</th><th>Total</th><th></th></tr>
      ${lines.map((l) => html`<tr class="cart-line" data-product="${l.product.id}"><td><a href="/product/${l.product.id}">${l.product.name}</a></td><td>${formatMoney(l.product.price)}</td>
        <td><form method="post" action="/cart" class="inline"><input type="hidden" name="action" value="update"><input type="hidden" name="product" value="${l.product.id}"><input name="qty" type="number" min="0" max="10" value="${l.qty}" style="width:70px" aria-label="Quantity of ${l.product.name}"> <button class="btn" type="submit">Update</button></form></td>
        <td>${formatMoney(l.qty * l.product.price)}</td>
        <td><form method="post" action="/cart"><input type="hidden" name="action" value="remove"><input type="hidden" name="product" value="${l.product.id}"><button class="btn remove" type="submit">Remove</button></form></td></tr>`)}
      </table>
      <p class="price">Subtotal: <span class="subtotal">${formatMoney(subtotal)}</span></p>
      <a class="btn btn-primary checkout-link" href="/checkout">Proceed to checkout</a></div>`}`,
  )
}

const CHECKOUT_FIELDS = [
  {name: 'full_name', label: 'Full name', type: 'text'},
  {name: 'email', label: 'Email address', type: 'email'},
  {name: 'address', label: 'Street address', type: 'text'},
  {name: 'city', label: 'City', type: 'text'},
  {name: 'zip', label: 'ZIP code', type: 'text'},
] as const

function checkoutPage(context: SiteContext<ShopModel, ShopState>, values: URLSearchParams, errors: string[]): string {
  const lines = cartLines(context)
  const {shipping} = context.model
  if (lines.length === 0) return shell(context, 'Checkout', html`<div class="card"><h1>Checkout</h1><p>Your cart is empty.</p></div>`)
  const chosen = values.get('shipping') ?? 'standard'
  return shell(
    context,
    'Checkout',
    html`<h1>Checkout</h1>
    ${errors.length > 0 ? html`<div class="alert alert-error" role="alert">Please correct: ${errors.join(', ')}.</div>` : ''}
    <div class="row"><form class="card content checkout-form" method="post" action="/checkout" novalidate>
      <h2>Shipping address</h2>
      ${CHECKOUT_FIELDS.map((f) => html`<div class="field${errors.includes(f.label) ? ' invalid' : ''}"><label for="${f.name}">${f.label}</label><input id="${f.name}" name="${f.name}" type="${f.type}" value="${values.get(f.name) ?? ''}" style="width:100%"></div>`)}
      <h2>Delivery</h2>
      <div class="field"><input type="radio" id="ship-standard" name="shipping" value="standard"${chosen === 'standard' ? html` checked` : ''}> <label for="ship-standard" style="display:inline">Standard (5-7 days) ${formatMoney(shipping.standard)}</label></div>
      <div class="field"><input type="radio" id="ship-express" name="shipping" value="express"${chosen === 'express' ? html` checked` : ''}> <label for="ship-express" style="display:inline">Express (1-2 days) ${formatMoney(shipping.express)}</label></div>
      <button class="btn btn-primary place-order" type="submit">Place order</button>
    </form>
    <aside class="sidebar card"><h3>Order summary</h3>${lines.map((l) => html`<p>${l.qty} × ${l.product.name}</p>`)}</aside></div>`,
  )
}

/** The order number a shop gives an order: derived from its content, so a task can know it in advance. */
export function orderNumber(site: SiteInfo, order: Omit<Order, 'number'>): string {
  const key = JSON.stringify([site.slug, order.items, order.name, order.email, order.address, order.city, order.zip, order.shipping])
  return `${site.slug.slice(0, 2).toUpperCase()}-${String(hashString(key) % 1_000_000).padStart(6, '0')}`
}

function placeOrder(form: URLSearchParams, context: SiteContext<ShopModel, ShopState>): SiteReply {
  if (context.state.cart.length === 0) return redirect('/cart')
  const errors = CHECKOUT_FIELDS.filter((f) => !(form.get(f.name) ?? '').trim()).map((f) => f.label)
  const email = (form.get('email') ?? '').trim()
  if (email && !/^[^@\s]+@[^@\s]+\.[a-z]{2,}$/i.test(email)) errors.push('Email address')
  if (!/^\d{5}$/.test((form.get('zip') ?? '').trim()) && !errors.includes('ZIP code')) errors.push('ZIP code')
  if (errors.length > 0) return htmlReply(checkoutPage(context, form, errors), 422)
  const get = (name: string) => (form.get(name) ?? '').trim()
  const details = {
    items: context.state.cart.map((l) => ({...l})),
    name: get('full_name'),
    email: get('email'),
    address: get('address'),
    city: get('city'),
    zip: get('zip'),
    shipping: get('shipping') === 'express' ? ('express' as const) : ('standard' as const),
  }
  const order = {number: orderNumber(context.site, details), ...details}
  context.state.orders.push(order)
  context.state.cart = []
  return redirect(`/order/${order.number}`)
}

function orderPage(order: Order, context: SiteContext<ShopModel, ShopState>): string {
  return shell(
    context,
    'Order confirmed',
    html`<section class="card prose"><h1>Thank you, your order is confirmed</h1>
    <p>Order number: <strong class="order-number">${order.number}</strong></p>
    <p>We sent a confirmation to ${order.email}. ${order.shipping === 'express' ? 'Express' : 'Standard'} delivery to ${order.address}, ${order.city} ${order.zip}.</p>
    <ul>${order.items.map((item) => html`<li>${item.qty} × ${context.model.products.find((p) => p.id === item.productId)?.name}</li>`)}</ul></section>`,
  )
}

// ---------------------------------------------------------------------------------------------------------------
// Tasks

const searchBox = {selector: 'form.header-search input[name="q"]', description: 'the search box in the header'}
const productLink = (p: Product) => ({selector: `a.product-link[data-product="${p.id}"]`, description: `the product link "${p.name}"`})
const addToCart = {selector: 'button.add-to-cart', description: 'the "Add to cart" button'}
const qtyField = {selector: '#qty', description: 'the Quantity field'}

function findProduct(p: Product): SolutionStep[] {
  return [
    {op: 'type', target: searchBox, text: p.name, submit: true},
    {op: 'click', target: productLink(p)},
  ]
}

function addSteps(p: Product, qty: number): SolutionStep[] {
  return [...findProduct(p), ...(qty === 1 ? [] : [{op: 'type', target: qtyField, text: String(qty)} as const]), {op: 'click', target: addToCart}]
}

function mentionedProducts(model: ShopModel, answer: string | null): Product[] {
  return model.products.filter((p) => answerMentions(answer, p.name))
}

function cartQty(state: ShopState, p: Product): number {
  return state.cart.find((l) => l.productId === p.id)?.qty ?? 0
}

function makeTasks(site: SiteInfo, model: ShopModel): FixtureTaskDef<ShopState>[] {
  const rng = rngFor(site, 'tasks')
  const inStock = model.products.filter((p) => p.stock >= 3)
  const [a, b, c, d] = sample(rng, inStock, 4) as [Product, Product, Product, Product]
  const tasks: FixtureTaskDef<ShopState>[] = []

  tasks.push({
    key: `price-${a.id}`,
    kind: 'lookup',
    intent: `On ${site.name}, what is the price of the ${a.name}?`,
    groups: [{description: 'Price of the product', facts: [{text: `The answer states the price ${formatMoney(a.price)}`, check: ({answer}) => answerMentions(answer, formatMoney(a.price))}]}],
    referenceAnswer: formatMoney(a.price),
    solution: [...findProduct(a), {op: 'answer', text: formatMoney(a.price)}],
  })

  // The cheapest product of a brand in a category with a minimum rating, found with the facets and the sort.
  const constrained = cheapestWithConstraints(model, rng)
  if (constrained) {
    const {category, brand, minRating, best} = constrained
    const named = (check: (p: Product) => boolean) => ({answer}: {answer: string | null}) => mentionedProducts(model, answer).some(check)
    tasks.push({
      key: `cheapest-${best.id}`,
      kind: 'search',
      intent: `On ${site.name}, find the cheapest product in ${category} made by ${brand} with a customer rating of at least ${minRating} stars. Give its name and price.`,
      startPath: '/',
      groups: [
        {
          description: 'The product meets every constraint',
          facts: [
            {text: `The product named is in the ${category} category`, check: named((p) => p.category === category)},
            {text: `The product named is made by ${brand}`, check: named((p) => p.brand === brand)},
            {text: `The product named has a rating of at least ${minRating}`, check: named((p) => p.rating >= minRating)},
          ],
        },
        {
          description: 'It is the cheapest such product',
          facts: [
            {text: `The answer names the ${best.name}`, check: ({answer}) => answerMentions(answer, best.name)},
            {text: `The answer states its price ${formatMoney(best.price)}`, check: ({answer}) => answerMentions(answer, formatMoney(best.price))},
          ],
        },
      ],
      referenceAnswer: `${best.name}, ${formatMoney(best.price)}`,
      solution: [
        {op: 'click', target: {selector: `nav.main-nav a[href="/search${queryString({category})}"]`, description: `the "${category}" link in the navigation`}},
        {op: 'click', target: {selector: `a.facet-brand:has-text("${brand}")`, text: brand, description: `the "${brand}" brand filter`}},
        {op: 'click', target: {selector: `a.facet-rating:has-text("${minRating} stars & up")`, description: `the "${minRating} stars & up" rating filter`}},
        {op: 'click', target: {selector: 'a.sort-option[data-sort="price-asc"]', description: 'the "Price: low to high" sort option'}},
        {op: 'answer', text: `${best.name}, ${formatMoney(best.price)}`},
      ],
    })
  }

  // Cart state: two products in given quantities.
  const qtyB = between(rng, 2, 3)
  tasks.push({
    key: `cart-${b.id}-${c.id}`,
    kind: 'state',
    intent: `On ${site.name}, put ${qtyB} of the ${b.name} and one ${c.name} in the shopping cart.`,
    groups: [
      {description: `${b.name} in the cart`, facts: [{text: `The cart contains the ${b.name}`, check: ({state}) => cartQty(state, b) > 0}, {text: `The cart holds exactly ${qtyB} of the ${b.name}`, check: ({state}) => cartQty(state, b) === qtyB}]},
      {description: `${c.name} in the cart`, facts: [{text: `The cart contains the ${c.name}`, check: ({state}) => cartQty(state, c) > 0}, {text: `The cart holds exactly 1 of the ${c.name}`, check: ({state}) => cartQty(state, c) === 1}]},
    ],
    referenceAnswer: null,
    solution: [...addSteps(b, qtyB), ...addSteps(c, 1)],
  })

  // A full checkout with a given address and delivery, reporting the order number.
  const customer = pick(rng, CUSTOMERS)
  const express = rng.below(2) === 0
  const shipping = express ? ('express' as const) : ('standard' as const)
  const expected = {items: [{productId: d.id, qty: 1}], name: customer.name, email: customer.email, address: customer.address, city: customer.city, zip: customer.zip, shipping}
  const number = orderNumber(site, expected)
  const placed = (state: ShopState) => state.orders.filter((o) => o.items.some((i) => i.productId === d.id))
  const orderFact = (text: string, test: (o: Order) => boolean) => ({text, check: ({state}: {state: ShopState}) => placed(state).some(test)})
  const groups: FactGroupDef<ShopState>[] = [
    {description: 'The order', facts: [orderFact(`An order for the ${d.name} was placed`, () => true), orderFact('The order contains exactly one item, quantity 1', (o) => o.items.length === 1 && o.items[0]!.qty === 1)]},
    {
      description: 'Shipping details',
      facts: [
        orderFact(`Shipped to ${customer.name}`, (o) => o.name === customer.name),
        orderFact(`Address ${customer.address}, ${customer.city} ${customer.zip}`, (o) => o.address === customer.address && o.city === customer.city && o.zip === customer.zip),
        orderFact(`Confirmation email ${customer.email}`, (o) => o.email.toLowerCase() === customer.email),
        orderFact(`${express ? 'Express' : 'Standard'} delivery chosen`, (o) => o.shipping === shipping),
      ],
    },
    {description: 'Confirmation', facts: [{text: `The answer reports the order number ${number}`, check: ({answer}) => answerMentions(answer, number)}]},
  ]
  tasks.push({
    key: `checkout-${d.id}`,
    kind: 'form',
    intent: `On ${site.name}, buy one ${d.name} with ${express ? 'express' : 'standard'} delivery for ${customer.name}, ${customer.address}, ${customer.city} ${customer.zip} (email ${customer.email}), and tell me the order number.`,
    groups,
    referenceAnswer: number,
    solution: [
      ...addSteps(d, 1),
      {op: 'click', target: {selector: 'a.cart-link', description: 'the Cart link in the header'}},
      {op: 'click', target: {selector: 'a.checkout-link', description: 'the "Proceed to checkout" button'}},
      ...CHECKOUT_FIELDS.map((f) => ({op: 'type' as const, target: {selector: `#${f.name}`, description: `the ${f.label} field`}, text: {full_name: customer.name, email: customer.email, address: customer.address, city: customer.city, zip: customer.zip}[f.name]})),
      {op: 'click', target: {selector: `label[for="ship-${shipping}"]`, description: `the ${express ? 'Express' : 'Standard'} delivery option`}},
      {op: 'click', target: {selector: 'button.place-order', description: 'the "Place order" button'}},
      {op: 'answer', text: number},
    ],
  })

  // A detail from the product page: the rating and the color.
  tasks.push({
    key: `details-${c.id}`,
    kind: 'lookup',
    intent: `On ${site.name}, what color is the ${c.name} and what is its average customer rating?`,
    groups: [
      {description: 'Product details', facts: [{text: `The answer says the color is ${c.color}`, check: ({answer}) => answerMentions(answer, c.color)}, {text: `The answer gives the rating ${c.rating.toFixed(1)}`, check: ({answer}) => answerMentions(answer, c.rating.toFixed(1))}]},
    ],
    referenceAnswer: `${c.color}, rated ${c.rating.toFixed(1)}`,
    solution: [...findProduct(c), {op: 'answer', text: `${c.color}, rated ${c.rating.toFixed(1)}`}],
  })
  return tasks
}

function cheapestWithConstraints(model: ShopModel, rng: SeededRandom) {
  const options: {category: string; brand: string; minRating: number; best: Product}[] = []
  for (const category of model.categories)
    for (const brand of model.brands)
      for (const minRating of [3.5, 4, 4.5]) {
        const hits = model.products.filter((p) => p.category === category && p.brand === brand && p.rating >= minRating).sort((x, y) => x.price - y.price)
        const all = model.products.filter((p) => p.category === category && p.brand === brand)
        // Worth asking only when the filters matter and the cheapest is unique.
        if (hits.length >= 2 && all.length > hits.length && hits[0]!.price < hits[1]!.price) options.push({category, brand, minRating, best: hits[0]!})
      }
  return options.length === 0 ? undefined : pick(rng, options)
}

const SHOP_CSS = `
.hero{display:flex;justify-content:space-between;align-items:center;gap:24px;margin-bottom:24px}
.hero h1{font-size:32px}
.category-tile{display:block;text-align:center;color:inherit}
.product-card h3{font-size:15px;margin:8px 0 4px}
.product-card img{width:100%;height:auto;background:#f3f3f3}
.facets ul{list-style:none;padding:0;margin:0 0 14px}.facets li{margin:4px 0}.facets a.active{font-weight:700}
.toolbar{display:flex;align-items:baseline;gap:12px}
.sort-bar{display:flex;gap:14px;margin:6px 0 14px;flex-wrap:wrap}
.product{margin-bottom:16px}.gallery{flex:1}.buy-box{flex:1}
.review{border-top:1px solid #eee;padding:10px 0}
.cart-table form{display:inline}
`
