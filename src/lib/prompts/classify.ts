import {z} from 'zod'
import type {ChatMessage} from '../llm/client.js'
import type {Task} from '../schema/task.js'
import {SUBDOMAINS, TAXONOMY} from '../schema/taxonomy.js'

// Bump when the wording or the taxonomy changes: it is part of the cache key and of every classification's provenance.
export const CLASSIFY_PROMPT_VERSION = 'classify-v1'

const SubdomainSchema = z
  .enum(SUBDOMAINS as [string, ...string[]])
  .describe("The task's subdomain, exactly as the taxonomy spells it")

/**
 * What the model must reply: one subdomain of the taxonomy, so the reply cannot leave it. The domain is not asked
 * for: it follows from the subdomain, so the pair is always consistent.
 */
export const ClassifyReplySchema = z.object({subdomain: SubdomainSchema})

/** The reply when the task has no website yet: the subdomain and the one website the task is about, or null. */
export const ClassifyWithWebsiteReplySchema = z.object({
  subdomain: SubdomainSchema,
  website: z
    .string()
    .nullable()
    .describe(
      'Host name of the one website the task is meant to be done on (e.g. "www.allrecipes.com"), or null when no single website can be named',
    ),
})

export type ClassifyReply = z.infer<typeof ClassifyReplySchema> & {website?: string | null}

const TAXONOMY_TEXT = Object.entries(TAXONOMY)
  .map(([domain, subdomains]) => `- ${domain}: ${subdomains.join('; ')}`)
  .join('\n')

const SYSTEM = `You classify web-browsing tasks into a fixed taxonomy of domains and subdomains. The taxonomy (domain: subdomains):
${TAXONOMY_TEXT}

Rules:
- Choose the one subdomain that best describes what the task is about: the topic of the information sought or the service used, not the kind of action (searching, comparing, booking).
- Spell the subdomain exactly as listed. Use "General Info." only when no other subdomain fits.`

const WEBSITE_RULES = `
- Also name the website the task is meant to be done on: the host name of one real website (for example "www.allrecipes.com"), taken from the task when it names one, otherwise the single obvious site for it. Reply with null when the task could be done on many sites and none stands out, or when you are not sure the site exists. Never invent a host name.`

/** The messages that ask for a task's subdomain and, with `inferWebsite`, its website. */
export function classifyMessages(task: Task, options: {inferWebsite: boolean}): ChatMessage[] {
  const lines = [`Task: ${task.intent}`]
  if (task.website) lines.push(`Website: ${task.website}${task.start_url ? ` (starting at ${task.start_url})` : ''}`)
  else if (task.start_url) lines.push(`Start page: ${task.start_url}`)
  lines.push('', options.inferWebsite ? 'Classify the task and name its website.' : 'Classify the task.')
  return [
    {role: 'system', content: options.inferWebsite ? SYSTEM + WEBSITE_RULES : SYSTEM},
    {role: 'user', content: lines.join('\n')},
  ]
}
