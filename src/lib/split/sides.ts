// Where each task goes; one byte per task.
export const Side = {
  train: 0,
  test: 1,
  /** Another task of a test website: in neither file, so no test website is ever seen in training. */
  heldOut: 2,
  /** No website to split by: in neither file. */
  noWebsite: 3,
} as const

export type Side = (typeof Side)[keyof typeof Side]
