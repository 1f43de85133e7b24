// The newsletters on offer, and the code a subscription gets.
import {hashString} from '../../random-pick.js'
import type {SiteInfo} from '../../types.js'
import {SECTION_INFO} from './labels.js'
import type {Frequency, NewsModel, Topic} from './types.js'

export function newsletterTopics(model: NewsModel): Topic[] {
  return [
    {id: 'briefing', label: 'Morning Briefing', blurb: 'The five stories you need before breakfast, every weekday.'},
    ...model.sections.map((id) => ({
      id,
      label: SECTION_INFO[id].label,
      blurb: `The best of our ${SECTION_INFO[id].label.toLowerCase()} coverage.`,
    })),
    {id: 'weekend', label: 'Weekend Long Reads', blurb: 'Our finest features and interviews, every Saturday.'},
    {id: 'alerts', label: 'Breaking News Alerts', blurb: 'Short emails when big stories break.'},
  ]
}

/** The code a subscription confirmation shows: derived from its content, so a task can know it in advance. */
export function subscriptionCode(
  site: SiteInfo,
  email: string,
  topics: readonly string[],
  frequency: Frequency,
): string {
  const key = JSON.stringify([site.slug, email.toLowerCase(), [...topics].sort(), frequency])
  return `NL-${site.slug.slice(0, 2).toUpperCase()}${String(hashString(key) % 1_000_000).padStart(6, '0')}`
}
