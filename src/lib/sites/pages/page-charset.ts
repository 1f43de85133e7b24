// Which character encoding a saved page's bytes are in, so that it is served with a charset that shows its text as
// it was written, never re-encoded.

/** How far into a page its own `<meta charset>` is looked for. */
const DECLARATION_WINDOW = 64 * 1024

const BOMS: readonly {bytes: readonly number[]; charset: string}[] = [
  {bytes: [0xef, 0xbb, 0xbf], charset: 'utf-8'},
  {bytes: [0xff, 0xfe], charset: 'utf-16le'},
  {bytes: [0xfe, 0xff], charset: 'utf-16be'},
]

/**
 * The page's encoding: a byte-order mark's; else UTF-8 when the bytes are valid UTF-8 (pages saved by a tool are,
 * whatever their old `<meta charset>` still says: Readability's `qq` page declares gb2312 over UTF-8 bytes, and text
 * in a legacy encoding is practically never valid UTF-8); else the charset the page declares in a `<meta>`, where this
 * platform can decode it; else windows-1252, what browsers assume for a page that says nothing.
 */
export function pageCharset(bytes: Uint8Array): string {
  for (const bom of BOMS) if (bom.bytes.every((byte, index) => bytes[index] === byte)) return bom.charset
  if (isUtf8(bytes)) return 'utf-8'
  const declared = declaredCharset(bytes)
  if (declared !== null && decodable(declared)) return declared
  return 'windows-1252'
}

/** The Content-Type a saved page is served with: HTML in its own encoding. */
export function pageContentType(bytes: Uint8Array): string {
  return `text/html; charset=${pageCharset(bytes)}`
}

/** The page's text, decoded as a browser given `pageContentType` decodes it. */
export function decodePage(bytes: Uint8Array): string {
  return new TextDecoder(pageCharset(bytes)).decode(bytes)
}

/** The charset of the page's `<meta charset=X>` or `<meta http-equiv="Content-Type" content="...; charset=X">`. */
export function declaredCharset(bytes: Uint8Array): string | null {
  // The declaration is ASCII in every encoding a page may be in (UTF-16 aside, which has a BOM): read it as Latin-1.
  const head = Buffer.from(bytes.subarray(0, DECLARATION_WINDOW)).toString('latin1')
  for (const meta of head.matchAll(/<meta\b[^>]*>/gi)) {
    const charset = /charset\s*=\s*["']?\s*([\w.:-]+)/i.exec(meta[0])
    if (charset) return charset[1]!.toLowerCase()
  }
  return null
}

function isUtf8(bytes: Uint8Array): boolean {
  try {
    new TextDecoder('utf-8', {fatal: true}).decode(bytes)
    return true
  } catch {
    return false
  }
}

function decodable(charset: string): boolean {
  try {
    new TextDecoder(charset)
    return true
  } catch {
    return false
  }
}
