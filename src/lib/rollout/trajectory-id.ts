/** The id of one attempt of a task (rollout --samples): `<task id>#<attempt>`, attempts counted from 1. */
export function trajectoryId(taskId: string, attempt: number): string {
  return `${taskId}#${attempt}`
}
