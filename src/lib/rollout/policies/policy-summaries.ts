import type {PolicyName} from './create-policy.js'

/** Each policy in a few words, by name, for help: a policy added to POLICIES without one fails to compile. */
export const POLICY_SUMMARIES: Record<PolicyName, string> = {
  openai:
    'a model behind an OpenAI-compatible endpoint, e.g. vLLM serving Qwen3-VL-8B-Instruct, prompted in a policy dialect',
  random: 'uniform random actions: the throughput baseline',
  oracle: "fixture web only: the task's reference solution acted out, random actions swapped in at the oracle's noise",
  replay: 'the actions of recorded trajectories, executed again',
}
