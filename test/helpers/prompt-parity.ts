// Training parity: a training sample's prompt against the request the policy sent, images compared by the hashes of
// their bytes (a data: URL in the request, a file beside the dataset in the sample).
import {createHash} from 'node:crypto'
import {readFileSync} from 'node:fs'
import {join} from 'node:path'
import type {StandinRequest} from './openai-standin.js'

const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex')

/** The messages of a request as the policy sent them, images as hashes. */
export function sentMessages(request: StandinRequest): unknown[] {
  return request.body.messages.map((message: any) => ({
    role: message.role,
    content:
      typeof message.content === 'string'
        ? message.content
        : message.content.map((part: any) =>
            part.type === 'text'
              ? {type: 'text', text: part.text}
              : {
                  type: 'image',
                  sha: sha(Buffer.from(part.image_url.url.replace(/^data:image\/jpeg;base64,/, ''), 'base64')),
                },
          ),
  }))
}

/** A training sample's messages, images as the hashes of the files they name under `out`. */
export function sampleMessages(out: string, sample: any): unknown[] {
  return sample.messages.map((message: any) => ({
    role: message.role,
    content:
      typeof message.content === 'string'
        ? message.content
        : message.content.map((part: any) =>
            part.type === 'text' ? part : {type: 'image', sha: sha(readFileSync(join(out, part.path)))},
          ),
  }))
}
