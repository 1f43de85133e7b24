// A key must never reach a record, a log line or an error message: every text that leaves the client goes through here.
export function redactSecret(text: string, secret: string | undefined): string {
  if (!secret || secret.length < 4) return text
  return text.split(secret).join('[redacted]')
}
