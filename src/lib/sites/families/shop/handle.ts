// Request routing of the shop family, and its form posts: cart updates and placing an order.
import {aboutPage, notFoundPage} from '../../layout.js'
import {htmlReply, redirect, route} from '../../reply.js'
import type {SiteContext, SiteReply, SiteRequest} from '../../types.js'
import {orderNumber, type ShopModel, type ShopState} from './model.js'
import {CHECKOUT_FIELDS, cartPage, checkoutPage, orderPage} from './pages/cart.js'
import {home, productPage, searchPage} from './pages/catalog.js'
import {nav} from './pages/shell.js'

export function handle(request: SiteRequest, context: SiteContext<ShopModel, ShopState>): SiteReply {
  const {path} = request
  if (path === '/') return htmlReply(home(context))
  if (path === '/search') return htmlReply(searchPage(request.query, context))
  if (path === '/cart' && request.method === 'POST') return updateCart(request.form, context)
  if (path === '/cart') return htmlReply(cartPage(context))
  if (path === '/checkout' && request.method === 'POST') return placeOrder(request.form, context)
  if (path === '/checkout') return htmlReply(checkoutPage(context, new URLSearchParams(), []))
  if (path === '/about')
    return htmlReply(
      aboutPage(
        context.site,
        nav(context.model),
        `${context.site.name} has sold ${context.model.tagline.toLowerCase()} since 2009.`,
      ),
    )
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
  if (action === 'remove' || (line && line.qty === 0))
    context.state.cart = cart.filter((l) => l.productId !== productId)
  return redirect('/cart')
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
