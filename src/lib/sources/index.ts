import {agentsynth} from './agentsynth.js'
import {browsecomp} from './browsecomp.js'
import {deepshop} from './deepshop.js'
import {gaia} from './gaia.js'
import {generic} from './generic.js'
import {hfRows} from './hf.js'
import {insta} from './insta.js'
import {mind2web2} from './mind2web-2.js'
import {mind2webLive} from './mind2web-live.js'
import {onlineMind2web} from './online-mind2web.js'
import {pae} from './pae.js'
import {taskRecords} from './task-records.js'
import {travelplanner} from './travelplanner.js'
import type {SourceAdapter} from './types.js'
import {webgym} from './webgym.js'
import {webvoyager} from './webvoyager.js'

export type {SourceAdapter, TaskDraft} from './types.js'

// Every source task set `tasks build` reads, by the name `--source` takes.
export const SOURCES: readonly SourceAdapter[] = [
  webvoyager,
  gaia,
  pae,
  insta,
  agentsynth,
  mind2webLive,
  mind2web2,
  travelplanner,
  browsecomp,
  deepshop,
  onlineMind2web,
  webgym,
  taskRecords,
  hfRows,
  generic,
]

export const SOURCE_NAMES = SOURCES.map((source) => source.name)

export function sourceByName(name: string): SourceAdapter | undefined {
  return SOURCES.find((source) => source.name === name)
}
