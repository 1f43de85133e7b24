// The portal family: a city's public service portal with a service catalogue, applications, appointment booking and an office locator.
import type {SiteFamily} from '../../types.js'
import {handle} from './handle.js'
import {makeModel} from './model.js'
import {makeTasks} from './tasks/index.js'
import type {PortalModel, PortalState} from './types.js'

export const portal: SiteFamily<PortalModel, PortalState> = {
  id: 'portal',
  domain: 'Misc.',
  subdomain: 'Legal & Government Services',
  brandWords: {
    first: [
      'Civic',
      'Municipal',
      'Citizen',
      'Township',
      'County',
      'Borough',
      'Capital',
      'Commonwealth',
      'Cityhall',
      'Resident',
    ],
    second: ['Services', 'Portal', 'Gateway', 'Online', 'Connect', 'Direct', 'Counter', 'Desk'],
  },
  model: makeModel,
  initialState: () => ({drafts: {}, applications: [], appointments: []}),
  handle,
  tasks: makeTasks,
}

export type {PortalModel, PortalState} from './types.js'
export {applicationNumber} from './numbers.js'
