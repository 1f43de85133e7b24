// The travel family: a booking site for flights, trains or coaches (by variant): a search form with city suggestions, a calendar
// date picker, passenger steppers and a cabin choice; results with sorting and filters whose fares expand to show
// their rules; saved trips; a passenger details form and a booking confirmation with a deterministic reference.
import type {SiteFamily} from '../../types.js'
import {handle} from './handle.js'
import {makeModel} from './model.js'
import {makeTasks} from './tasks/index.js'
import type {TravelModel, TravelState} from './types.js'

export const travel: SiteFamily<TravelModel, TravelState> = {
  id: 'travel',
  domain: 'Travel & Transportation',
  subdomain: 'Travel & Accommodation',
  brandWords: {
    first: [
      'Skyward',
      'Wayfarer',
      'Jetstream',
      'Compass',
      'Tailwind',
      'Voyager',
      'Farewise',
      'Roamly',
      'Waypoint',
      'Globetrek',
    ],
    second: ['Travel', 'Fares', 'Trips', 'Journeys', 'Getaways', 'Tickets', 'Voyages', 'Routes'],
  },
  model: makeModel,
  initialState: () => ({saved: [], bookings: []}),
  handle,
  tasks: makeTasks,
}

export {bookingReference} from './booking.js'
export type {TravelModel, TravelState} from './types.js'
