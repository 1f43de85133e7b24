import type {FixtureTaskDef} from './types.js'

export interface FactVerdict {
  group: number
  fact: string
  pass: boolean
}

export interface CheckVerdict {
  task: string
  pass: boolean
  passed: number
  total: number
  facts: FactVerdict[]
}

/** Runs every fact's check against a session's state on the task's site and the agent's final answer. */
export function evaluateTask<State>(
  id: string,
  def: FixtureTaskDef<State>,
  state: State,
  answer: string | null,
): CheckVerdict {
  const facts: FactVerdict[] = []
  def.groups.forEach((group, index) => {
    for (const fact of group.facts) {
      let pass = false
      try {
        pass = fact.check({state, answer}) === true
      } catch {
        pass = false
      }
      facts.push({group: index + 1, fact: fact.text, pass})
    }
  })
  const passed = facts.filter((fact) => fact.pass).length
  return {task: id, pass: passed === facts.length, passed, total: facts.length, facts}
}
