import {boundAction} from '../schema/bound-record.js'
import {cutText} from '../schema/cut-text.js'
import {TEXT_CAPS} from '../schema/text-caps.js'
import type {Observation, PolicyOutput} from './policy.js'

// What a page and a model server hand an episode, cut to the record's caps as it comes in (schema/text-caps.ts): the
// policy is shown, the browser acts on and the record keeps the same bounded text, so training rebuilds the prompts
// from the record as they were sent.

/** The page's URL, title and text observation, each within its cap. */
export function boundObservation(observation: Observation): Observation {
  return {
    ...observation,
    url: cutText(observation.url, TEXT_CAPS.url),
    title: cutText(observation.title, TEXT_CAPS.title),
    ...(observation.text === undefined ? {} : {text: cutText(observation.text, TEXT_CAPS.observationText)}),
  }
}

/** The model's response, reasoning, memory, action and parse error, each within its cap. */
export function boundPolicyOutput(output: PolicyOutput): PolicyOutput {
  return {
    ...output,
    response: cutText(output.response, TEXT_CAPS.response),
    ...(output.reasoning === undefined ? {} : {reasoning: cutText(output.reasoning, TEXT_CAPS.reasoning)}),
    action: boundAction(output.action),
    memory: cutText(output.memory, TEXT_CAPS.memory),
    error: cutText(output.error, TEXT_CAPS.error),
  }
}
