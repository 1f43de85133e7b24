// Booking requests of the travel family: parsing a chosen fare, passenger types and the deterministic booking reference.
import {hashString} from '../../random-pick.js'
import type {SiteInfo} from '../../types.js'
import {FARE_IDS, MAX_PASSENGERS} from './data.js'
import {count} from './search.js'
import {cabinOf, tripById} from './timetable.js'
import type {Cabin, FareId, TravelModel, Trip} from './types.js'

export interface BookingRequest {
  trip: Trip
  cabin: Cabin
  fare: FareId
  adults: number
  children: number
}

export function parseBookingRequest(model: TravelModel, fields: URLSearchParams): BookingRequest | undefined {
  const trip = tripById(model, fields.get('trip') ?? '')
  const fare = FARE_IDS.find((id) => id === fields.get('fare'))
  const adults = count(fields.get('adults'), 1)
  const children = count(fields.get('children'), 0)
  if (!trip || !fare || adults < 1 || children < 0 || adults + children > MAX_PASSENGERS) return undefined
  return {trip, cabin: cabinOf(model, fields.get('cabin')), fare, adults, children}
}

export function passengerTypes(request: BookingRequest): ('adult' | 'child')[] {
  return [
    ...Array.from({length: request.adults}, () => 'adult' as const),
    ...Array.from({length: request.children}, () => 'child' as const),
  ]
}

export type BookingErrors = Record<string, string>

export function cleanName(text: string): string {
  return text.trim().replace(/\s+/g, ' ')
}

/** The booking reference: derived from what identifies a booking, so a task can know it in advance. */
export function bookingReference(
  site: SiteInfo,
  details: {tripId: string; cabin: string; fare: FareId; passengers: {first: string; last: string}[]; email: string},
): string {
  const key = JSON.stringify([
    site.slug,
    details.tripId,
    details.cabin,
    details.fare,
    details.passengers.map((p) => `${cleanName(p.first)} ${cleanName(p.last)}`.toLowerCase()),
    details.email.trim().toLowerCase(),
  ])
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'
  let hash = hashString(key)
  let reference = ''
  for (let i = 0; i < 6; i++) {
    reference += alphabet[hash % alphabet.length]
    hash = Math.floor(hash / alphabet.length)
  }
  return reference
}
