// Problem reports: the reference number a report gets, and how its details are compared.
import {hashString} from '../../random-pick.js'
import type {SiteInfo} from '../../types.js'
import type {ProblemReport} from './types.js'

export function normaliseDetails(details: string): string {
  return details
    .trim()
    .replace(/\s+/g, ' ')
    .replace(/[.!]+$/, '')
    .toLowerCase()
}

/** The reference a report gets: derived from its content, so a task can know it in advance. */
export function reportReference(site: SiteInfo, report: Omit<ProblemReport, 'reference'>): string {
  const key = JSON.stringify([
    site.slug,
    report.article,
    report.problem,
    normaliseDetails(report.details),
    report.email.trim().toLowerCase(),
  ])
  return `RP-${String(hashString(key) % 1_000_000).padStart(6, '0')}`
}
