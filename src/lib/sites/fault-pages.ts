import {escapeHtml} from './html.js'
import {hashString} from './random-pick.js'
import type {BlockKind} from './faults.js'

// Pages the fault injector serves instead of a site's own: what an agent meets on the live web.

export function blockedPage(host: string, kind: BlockKind): {status: number; body: string} {
  const ray = hashString(host).toString(16).padStart(8, '0')
  if (kind === '403')
    return {
      status: 403,
      body: `<!doctype html><html><head><title>403 Forbidden</title><style>body{font-family:"DejaVu Sans",sans-serif;margin:80px auto;max-width:640px;color:#333}h1{font-size:34px}</style></head><body><h1>403 Forbidden</h1><p>Access denied. You don't have permission to access "${escapeHtml(host)}/" on this server.</p><hr><p style="color:#888">Reference #${ray}</p></body></html>`,
    }
  return {
    status: 403,
    body: `<!doctype html><html><head><title>Just a moment...</title><style>body{font-family:"DejaVu Sans",sans-serif;background:#fafafa;color:#222;margin:0}.box{max-width:560px;margin:120px auto;padding:32px;background:#fff;border:1px solid #ddd;border-radius:8px}.check{display:flex;align-items:center;gap:14px;border:1px solid #ccc;padding:16px;border-radius:4px;background:#f9f9f9}.tick{width:28px;height:28px;border:2px solid #888;border-radius:3px;background:#fff}</style></head><body><div class="box"><h1>${escapeHtml(host)}</h1><h2>Verify you are human</h2><p>${escapeHtml(host)} needs to review the security of your connection before proceeding.</p><div class="check"><div class="tick" role="checkbox" aria-checked="false"></div><span>I'm not a robot</span></div><p style="color:#888;font-size:13px">Ray ID: ${ray} · Performance &amp; security by EdgeShield</p></div></body></html>`,
  }
}

export function errorPage(status: number): string {
  const titles: Record<number, string> = {
    500: 'Internal Server Error',
    502: 'Bad Gateway',
    503: 'Service Unavailable',
    504: 'Gateway Timeout',
  }
  const title = titles[status] ?? 'Server Error'
  return `<!doctype html><html><head><title>${status} ${title}</title></head><body style="font-family:'DejaVu Sans',sans-serif;text-align:center;margin-top:100px"><h1>${status} ${title}</h1><p>The server is temporarily unable to service your request. Please try again later.</p><hr><address>nginx</address></body></html>`
}

/** The landing page of an off-site redirect (`ads-*.webgym.test`). */
export function adLandingPage(host: string): string {
  return `<!doctype html><html><head><title>Congratulations! You have been selected</title></head><body style="font-family:'DejaVu Sans',sans-serif;background:#fffbe6;margin:0"><div style="background:#d32f2f;color:#fff;padding:18px;text-align:center;font-size:26px;font-weight:700">🎉 Congratulations! You are today's lucky visitor</div><div style="max-width:700px;margin:40px auto;text-align:center"><p style="font-size:20px">Claim your exclusive reward from ${escapeHtml(host)} now. Offer ends in 04:59.</p><button style="font-size:22px;padding:14px 40px;background:#2e7d32;color:#fff;border:0;border-radius:6px">CLAIM NOW</button></div></body></html>`
}

/** About `blocks` × 320 bytes of extra markup: a "recommended for you" wall, inserted before `</body>`. */
export function makeHeavy(body: string, blocks = 10_000): string {
  const cards: string[] = []
  for (let i = 0; i < blocks; i++)
    cards.push(
      `<div class="wg-rec" style="display:inline-block;width:180px;margin:4px;padding:6px;border:1px solid #eee;font-size:12px"><svg width="168" height="60"><rect width="168" height="60" fill="hsl(${(i * 37) % 360},40%,80%)"/></svg><p>Recommended item ${i + 1}: popular with readers like you, updated daily with new offers and picks.</p></div>`,
    )
  const wall = `<section aria-label="Recommended for you" style="padding:20px"><h2>Recommended for you</h2>${cards.join('')}</section>`
  const at = body.lastIndexOf('</body>')
  return at === -1 ? body + wall : body.slice(0, at) + wall + body.slice(at)
}
