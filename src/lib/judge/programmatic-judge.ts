import {z} from 'zod'
import type {FactVerdict, Judgment} from '../schema/judged.js'
import type {Trajectory} from '../schema/trajectory.js'
import {WEBGYM_VERSION} from '../version.js'
import {opt, optionKeys, optionText, renderText, type OptionNames} from '../option-text.js'

// The fixture web's check endpoint is ground truth: rollout records its verdict per rubric fact in `check`, and this
// judge only turns it into a judgment.
export const PROGRAMMATIC_JUDGE_VERSION = 'programmatic-v1'

const CheckSchema = z.union([
  z.looseObject({
    task: z.string(),
    pass: z.boolean(),
    facts: z.array(z.object({group: z.union([z.number(), z.string()]), fact: z.string(), pass: z.boolean()})),
  }),
  z.looseObject({error: z.string()}),
])

/** A trajectory with no check recorded: not a fixture-web task, or rolled out without the check. */
export class NoCheckError extends Error {}

// The judgment the fixture web's recorded check gives; `names` words the error of a trajectory without one.
export function judgeProgrammatically(trajectory: Trajectory, names: OptionNames = optionKeys): Judgment {
  const base = {
    judge: 'programmatic',
    model: null,
    prompt_version: PROGRAMMATIC_JUDGE_VERSION,
    webgym_version: WEBGYM_VERSION,
    key_screenshots: [],
    answer_supported: null,
    reference_match: null,
  }
  if (trajectory.check === undefined || trajectory.check === null) {
    throw new NoCheckError(
      renderText(
        optionText`trajectory of task ${trajectory.task.id} has no recorded check: ${opt('judge')} programmatic needs fixture-web trajectories from \`webgym rollout\` (use ${opt('judge')} llm for others)`,
        names,
      ),
    )
  }
  const blocked = trajectory.status === 'blocked'
  const parsed = CheckSchema.safeParse(trajectory.check)
  if (!parsed.success || 'error' in parsed.data) {
    const error =
      parsed.success && 'error' in parsed.data
        ? `the fixture web check failed during rollout: ${parsed.data.error}`
        : 'the recorded check is not a fixture web verdict (task, pass, facts)'
    const facts = (trajectory.task.rubric?.fact_groups ?? []).flatMap((group) =>
      group.facts.map((fact) => ({group_id: group.id, fact, pass: false, reason: 'not judged: no check verdict'})),
    )
    return {...base, reward: 0, facts, blocked, error}
  }
  const check = parsed.data
  const groupIds = trajectory.task.rubric?.fact_groups.map((group) => group.id) ?? []
  const facts: FactVerdict[] = check.facts.map((fact) => ({
    // The check numbers groups from 1 in rubric order; the task's rubric has the ids.
    group_id: typeof fact.group === 'number' ? (groupIds[fact.group - 1] ?? fact.group) : fact.group,
    fact: fact.fact,
    pass: fact.pass,
    reason: fact.pass ? 'the fixture web check passed' : 'the fixture web check failed',
  }))
  const reward = check.pass && !blocked && facts.every((fact) => fact.pass) ? 1 : 0
  return {...base, reward, facts, blocked, error: null}
}
