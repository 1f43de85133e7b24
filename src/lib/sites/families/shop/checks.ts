// Answer and state checks of shop tasks.
import {answerMentions} from '../../check-helpers.js'
import type {Product, ShopModel, ShopState} from './model.js'

export function mentionedProducts(model: ShopModel, answer: string | null): Product[] {
  return model.products.filter((p) => answerMentions(answer, p.name))
}

export function cartQty(state: ShopState, p: Product): number {
  return state.cart.find((l) => l.productId === p.id)?.qty ?? 0
}
