import type {z} from 'zod'
import {LlmError, type LlmClient} from '../llm/client.js'
import {
  CLASSIFY_PROMPT_VERSION,
  ClassifyReplySchema,
  ClassifyWithWebsiteReplySchema,
  classifyMessages,
  type ClassifyReply,
} from '../prompts/classify.js'
import type {Task} from '../schema/task.js'
import {domainOfSubdomain} from '../schema/taxonomy.js'
import {WEBGYM_VERSION} from '../version.js'
import type {ClassifyTally} from './classify-tally.js'
import {inferredWebsite} from './inferred-website.js'

export interface ClassifyOptions {
  /** Classify again tasks that already have a domain and a subdomain. */
  force: boolean
  /** Ask for the website of tasks that have none. */
  inferWebsite: boolean
}

/**
 * A task with its domain and subdomain from WebGym's taxonomy (the model picks a subdomain from a closed list; the
 * domain follows from it) and, with `inferWebsite`, a website for a task that has none. A task that already has both
 * is returned as it is unless `force`; its classification is kept when only its website is asked for. The model and
 * prompt version go to `provenance.classify`, an inferred website sets `meta.website_inferred`.
 */
export async function classifyTask(
  task: Task,
  client: LlmClient,
  options: ClassifyOptions,
  tally: ClassifyTally,
): Promise<Task> {
  const reclassify = options.force || task.domain === null || task.subdomain === null
  const askWebsite = options.inferWebsite && task.website === null
  if (!reclassify && !askWebsite) {
    tally.passedThrough++
    return task
  }
  const schema = (askWebsite ? ClassifyWithWebsiteReplySchema : ClassifyReplySchema) as z.ZodType<ClassifyReply>
  const reply = await client.complete({
    schemaName: 'classification',
    schema,
    messages: classifyMessages(task, {inferWebsite: askWebsite}),
    promptVersion: CLASSIFY_PROMPT_VERSION,
  })
  let result: Task = {
    ...task,
    provenance: {
      ...task.provenance,
      classify: {model: reply.model, prompt_version: CLASSIFY_PROMPT_VERSION, webgym_version: WEBGYM_VERSION},
    },
  }
  if (reclassify) {
    const domain = domainOfSubdomain(reply.value.subdomain)
    if (domain === null)
      throw new LlmError(`the model chose "${reply.value.subdomain}", which is not a subdomain of the taxonomy`)
    result = {...result, domain, subdomain: reply.value.subdomain}
    tally.classified++
  }
  if (askWebsite) {
    const site = inferredWebsite(reply.value.website)
    if (site) {
      result = {
        ...result,
        website: site.website,
        start_url: task.start_url ?? site.startUrl,
        meta: {...task.meta, website_inferred: true},
      }
      tally.websitesInferred++
    } else {
      tally.noSiteNamed++
    }
  }
  return result
}
