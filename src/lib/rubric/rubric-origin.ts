import type {Provenance} from '../schema/provenance.js'
import type {Task} from '../schema/task.js'
import {WEBGYM_VERSION} from '../version.js'

/**
 * The provenance of a rubric that a source task set gave (read at build time, no model): `conversion` names the
 * version of the rule that turned the source's fields into facts, in the place of a prompt version, e.g.
 * `source:deepshop-v1`. No time is recorded, so a build stays byte-identical.
 */
export function sourceRubricProvenance(conversion: string): Provenance {
  return {model: null, prompt_version: conversion, webgym_version: WEBGYM_VERSION, made_by: 'source'}
}

/** True when the task's rubric came from its source task set, not from a model. */
export function hasSourceRubric(task: Pick<Task, 'rubric' | 'provenance'>): boolean {
  return task.rubric !== null && task.provenance?.rubric?.made_by === 'source'
}
