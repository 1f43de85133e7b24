// Text of the travel family: money, stops, fare rules and passenger counts as pages and tasks print them.
import {formatMoney} from '../../check-helpers.js'
import {modeOf} from './model.js'
import type {FareRule, Mode, RefundRule, TravelModel, Trip} from './types.js'

/** Money as formatMoney() prints it ("$1,234.00"), without toLocaleString, which is slow on pages with many prices. */
export function money(model: TravelModel, amount: number): string {
  return formatMoney(amount, modeOf(model).currency)
}

export function stopsText(mode: Mode, trip: Trip): string {
  if (trip.via.length === 0) return mode.direct
  return `${trip.via.length} ${trip.via.length === 1 ? mode.stopWord : mode.stopsWord}`
}

export function baggageText(mode: Mode, fare: FareRule): string {
  if (fare.bags === 0) return `No ${mode.bagNoun} included`
  return `${fare.bags} ${fare.bags === 1 ? mode.bagNoun : mode.bagNouns} up to ${fare.bagKg} kg each`
}

export function changeText(model: TravelModel, fare: FareRule): string {
  if (fare.changeFee === null) return 'Changes not permitted'
  if (fare.changeFee === 0) return 'Free changes'
  return `Change fee ${money(model, fare.changeFee)}`
}

export function refundText(model: TravelModel, refund: RefundRule): string {
  if (refund.kind === 'none') return 'Non-refundable'
  if (refund.kind === 'full') return 'Fully refundable'
  return `Refundable for a ${money(model, refund.fee)} fee`
}

export function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1)
}

export function passengerSummary(adults: number, children: number): string {
  const adultsText = `${adults} ${adults === 1 ? 'adult' : 'adults'}`
  return children > 0 ? `${adultsText} and ${children} ${children === 1 ? 'child' : 'children'}` : adultsText
}
