import {createHash} from 'node:crypto'
import {metaWithout, requiredText} from './fields.js'
import {RowError, type SourceAdapter} from './types.js'

// BrowseComp rows: {problem, answer, problem_topic, canary}; problem and answer are base64 of the text XOR a key,
// the key being SHA-256 of the canary repeated to the text's length. Open-web questions: no website.
export const browsecomp: SourceAdapter = {
  name: 'browsecomp',
  description: 'BrowseComp (CSV; problem and answer decrypted with the row canary); no website',
  fileHints: ['browsecomp', 'browse_comp'],
  detect: (sample) => ('problem' in sample && 'answer' in sample && 'canary' in sample ? 1 : 0),
  toTask: (row) => {
    const canary = requiredText(row, 'canary')
    const problem = decryptField(row, 'problem', canary)
    return {
      nativeId: null,
      intent: problem,
      website: null,
      startUrl: null,
      referenceAnswer: decryptField(row, 'answer', canary),
      level: null,
      meta: metaWithout(row, ['problem', 'answer']),
    }
  },
}

/** Decrypts a BrowseComp field: base64-decode, then XOR with SHA-256(password) repeated to length. */
export function decryptBrowseComp(ciphertext: string, password: string): string {
  const encrypted = Buffer.from(ciphertext, 'base64')
  const key = createHash('sha256').update(password).digest()
  const plain = Buffer.alloc(encrypted.length)
  for (let i = 0; i < encrypted.length; i++) plain[i] = encrypted[i] ^ key[i % key.length]
  return new TextDecoder('utf-8', {fatal: true}).decode(plain)
}

function decryptField(row: Record<string, unknown>, field: string, canary: string): string {
  const ciphertext = requiredText(row, field)
  if (!/^[A-Za-z0-9+/=\s]+$/.test(ciphertext))
    throw new RowError(field, 'is not base64 (is this the encrypted BrowseComp file?)')
  try {
    return decryptBrowseComp(ciphertext, canary).trim()
  } catch {
    throw new RowError(field, "does not decrypt to UTF-8 text with this row's canary")
  }
}
