import type {Level} from '../schema/level.js'
import type {Provenance} from '../schema/provenance.js'
import type {Rubric} from '../schema/rubric.js'
import type {Task} from '../schema/task.js'
import type {Text} from '../option-text.js'

/** A task as an adapter reads it from a source row, before ids, websites and URLs are normalised. */
export interface TaskDraft {
  /** The source's own id for the row, or null to derive one from the content. */
  nativeId: string | null
  /** Overrides the adapter's name as the task's source (webgym rows name their original task set). */
  source?: string
  intent: string
  /** A URL or bare domain naming the task's website, or null when the source gives none. */
  website: string | null
  /** Where an episode starts; derived from `website` when null. */
  startUrl: string | null
  referenceAnswer: string | null
  level: Level | null
  domain?: string | null
  subdomain?: string | null
  rubric?: Rubric | null
  difficulty?: number | null
  parentId?: string | null
  /** Per stage, who made it: a rubric the source gives is marked made_by 'source'. */
  provenance?: Record<string, Provenance>
  meta: Record<string, unknown>
}

/** What an adapter knows besides the row: the file it came from and per-file context from `prepare`. */
export interface RowContext {
  file: string
  /** Set by the adapter's `prepare` for the file (e.g. a reference-answer table). */
  extra?: unknown
}

export interface PrepareOptions {
  /** `--answers FILE` (WebVoyager's reference_answer.json). */
  answersFile?: string
  /** The generic adapter's field map (target=FIELD pairs). */
  fieldMap?: Record<string, string>
}

/** One source task set: how to recognise its rows and turn each into a task. */
interface SourceAdapterBase {
  name: string
  /** One line for the list of sources (it may name options). */
  description: Text
  /** Scores 0..1 how well a sample row's fields match this source (0: not this source). */
  detect(sample: Record<string, unknown>): number
  /** Words in a file name that hint at this source, for telling look-alike sources apart. */
  fileHints?: readonly string[]
  /**
   * The source whose row shape this one reuses and whose name its files carry (PAE publishes
   * `webvoyager_pae.jsonl`): a file name hinting at both means this one.
   */
  variantOf?: string
  prepare?(file: string, options: PrepareOptions): Promise<unknown>
}

/** A source whose rows become drafts that `finalizeTask` normalises (ids, websites, URLs, difficulty, level). */
export interface DraftSourceAdapter extends SourceAdapterBase {
  toTask(row: Record<string, unknown>, context: RowContext): TaskDraft
}

/**
 * A source whose rows are webgym's own Task records in some shape (`tasks export --format tasks|hf`): each row is
 * read back into the record it was, field for field, with nothing normalised or derived again.
 */
export interface RecordSourceAdapter extends SourceAdapterBase {
  toRecord(row: Record<string, unknown>, context: RowContext): Task
}

export type SourceAdapter = DraftSourceAdapter | RecordSourceAdapter

/** A row this source cannot use: names the field and the problem; the reader adds file and line. */
export class RowError extends Error {
  constructor(
    readonly field: string | undefined,
    readonly problem: string,
  ) {
    super(`${field ? `field "${field}": ` : ''}${problem}`)
    this.name = 'RowError'
  }
}
