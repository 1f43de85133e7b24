// Solution steps shared by shop tasks: finding a product and adding it to the cart.
import type {SolutionStep} from '../../../../schema/solution.js'
import type {Product} from '../model.js'

const searchBox = {selector: 'form.header-search input[name="q"]', description: 'the search box in the header'}
const productLink = (p: Product) => ({
  selector: `a.product-link[data-product="${p.id}"]`,
  description: `the product link "${p.name}"`,
})
const addToCart = {selector: 'button.add-to-cart', description: 'the "Add to cart" button'}
const qtyField = {selector: '#qty', description: 'the Quantity field'}

export function findProduct(p: Product): SolutionStep[] {
  return [
    {op: 'type', target: searchBox, text: p.name, submit: true},
    {op: 'click', target: productLink(p)},
  ]
}

export function addSteps(p: Product, qty: number): SolutionStep[] {
  return [
    ...findProduct(p),
    ...(qty === 1 ? [] : [{op: 'type', target: qtyField, text: String(qty)} as const]),
    {op: 'click', target: addToCart},
  ]
}
