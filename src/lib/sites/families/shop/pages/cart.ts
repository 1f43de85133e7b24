// Shop pages for buying: the cart, the checkout form and the order confirmation.
import {formatMoney} from '../../../check-helpers.js'
import {html} from '../../../html.js'
import type {SiteContext} from '../../../types.js'
import type {Order, ShopModel, ShopState} from '../model.js'
import {shell} from './shell.js'

function cartLines(context: SiteContext<ShopModel, ShopState>) {
  return context.state.cart.map((line) => ({
    ...line,
    product: context.model.products.find((p) => p.id === line.productId)!,
  }))
}

export function cartPage(context: SiteContext<ShopModel, ShopState>): string {
  const lines = cartLines(context)
  const subtotal = lines.reduce((sum, l) => sum + l.qty * l.product.price, 0)
  return shell(
    context,
    'Your cart',
    html`<h1>Your cart</h1>
    ${
      lines.length === 0
        ? html`<div class="card"><p>Your cart is empty.</p><a class="btn btn-dark" href="/search">Continue shopping</a></div>`
        : html`<div class="card"><table class="cart-table">
      <tr><th>Item</th><th>Price</th><th>Quantity</th><th>Total</th><th></th></tr>
      ${lines.map(
        (
          l,
        ) => html`<tr class="cart-line" data-product="${l.product.id}"><td><a href="/product/${l.product.id}">${l.product.name}</a></td><td>${formatMoney(l.product.price)}</td>
        <td><form method="post" action="/cart" class="inline"><input type="hidden" name="action" value="update"><input type="hidden" name="product" value="${l.product.id}"><input name="qty" type="number" min="0" max="10" value="${l.qty}" style="width:70px" aria-label="Quantity of ${l.product.name}"> <button class="btn" type="submit">Update</button></form></td>
        <td>${formatMoney(l.qty * l.product.price)}</td>
        <td><form method="post" action="/cart"><input type="hidden" name="action" value="remove"><input type="hidden" name="product" value="${l.product.id}"><button class="btn remove" type="submit">Remove</button></form></td></tr>`,
      )}
      </table>
      <p class="price">Subtotal: <span class="subtotal">${formatMoney(subtotal)}</span></p>
      <a class="btn btn-primary checkout-link" href="/checkout">Proceed to checkout</a></div>`
    }`,
  )
}

export const CHECKOUT_FIELDS = [
  {name: 'full_name', label: 'Full name', type: 'text'},
  {name: 'email', label: 'Email address', type: 'email'},
  {name: 'address', label: 'Street address', type: 'text'},
  {name: 'city', label: 'City', type: 'text'},
  {name: 'zip', label: 'ZIP code', type: 'text'},
] as const

export function checkoutPage(
  context: SiteContext<ShopModel, ShopState>,
  values: URLSearchParams,
  errors: string[],
): string {
  const lines = cartLines(context)
  const {shipping} = context.model
  if (lines.length === 0)
    return shell(context, 'Checkout', html`<div class="card"><h1>Checkout</h1><p>Your cart is empty.</p></div>`)
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

export function orderPage(order: Order, context: SiteContext<ShopModel, ShopState>): string {
  return shell(
    context,
    'Order confirmed',
    html`<section class="card prose"><h1>Thank you, your order is confirmed</h1>
    <p>Order number: <strong class="order-number">${order.number}</strong></p>
    <p>We sent a confirmation to ${order.email}. ${order.shipping === 'express' ? 'Express' : 'Standard'} delivery to ${order.address}, ${order.city} ${order.zip}.</p>
    <ul>${order.items.map((item) => html`<li>${item.qty} × ${context.model.products.find((p) => p.id === item.productId)?.name}</li>`)}</ul></section>`,
  )
}
