// Hand-made judged trajectories for the filter tests: small shapes in, whole records out.

export type Json = Record<string, unknown>

export interface JudgedShape {
  task?: string
  reward?: 0 | 1
  status?: string
  level?: 'easy' | 'medium' | 'hard' | null
  website?: string
  blocked?: boolean
  /** Screenshot paths, one per step. */
  shots?: (string | null)[]
  repeated?: number[]
  ended?: string
  extra?: Json
}

/** A hand-made judged trajectory as a JSON object, with an unknown field first to check nothing is reordered. */
export function judgedRecord(shape: JudgedShape = {}): Json {
  const website = shape.website ?? 'shop.webgym.test'
  const shots = shape.shots ?? ['a.jpg', 'b.jpg']
  return {
    note: 'kept as is',
    task: {
      id: shape.task ?? 'fx:1',
      source: 'fx',
      intent: 'Buy a lamp',
      website,
      start_url: `http://${website}/`,
      level: shape.level === undefined ? 'easy' : shape.level,
    },
    run: {
      policy: 'oracle',
      model: null,
      prompt_version: null,
      viewport: {width: 1280, height: 768},
      horizon: 10,
      seed: 0,
      webgym_version: '0.1.0',
      ...(shape.ended ? {started_at: shape.ended, ended_at: shape.ended} : {}),
    },
    status: shape.status ?? 'answered',
    answer: 'done',
    error: null,
    steps: shots.map((screenshot, index) => ({
      index,
      url: `http://${website}/${index}`,
      screenshot,
      response: 'Action: click',
      action: {name: 'left_click', coordinate: [500, 500]},
      ...((shape.repeated ?? []).includes(index) ? {repeated: true} : {}),
      observe_ms: 1,
      policy_ms: 2,
      act_ms: 3,
      custom: index,
    })),
    judgment: {
      reward: shape.reward ?? 1,
      facts: [{group_id: 'g1', fact: 'lamp in cart', pass: shape.reward !== 0, reason: 'seen'}],
      key_screenshots: [],
      answer_supported: null,
      reference_match: null,
      blocked: shape.blocked ?? false,
      judge: 'programmatic',
      model: null,
      prompt_version: null,
      webgym_version: '0.1.0',
    },
    ...shape.extra,
  }
}
