// The news site's style sheet, and the rules that follow a variant's layout.
import type {Layout} from '../types.js'

export function layoutCss(layout: Layout): string {
  const side = layout.sidebar === 'left' ? '.news-aside{order:-1}' : ''
  const cards = layout.list === 'cards' ? '.story-cards{display:grid;grid-template-columns:repeat(2,1fr);gap:18px}' : ''
  return side + cards
}

export const NEWS_CSS = `
.dateline{display:flex;justify-content:space-between;font-size:13px;text-transform:uppercase;letter-spacing:.04em;border-bottom:3px double rgba(0,0,0,.25);padding-bottom:6px;margin-bottom:14px}
.ticker{display:flex;gap:12px;align-items:center;background:#fff4f2;border:1px solid #f3c9c2;padding:8px 12px;margin-bottom:16px;font-weight:600}
.ticker-label{background:#c62828;color:#fff;font-size:12px;text-transform:uppercase;padding:2px 8px;letter-spacing:.05em}
.news-layout{display:flex;gap:28px;align-items:flex-start}
.news-main{flex:1;min-width:0}
.news-aside{width:300px;flex:none;display:flex;flex-direction:column;gap:18px}
.aside-box{border-top:4px solid currentColor;padding-top:8px}
.aside-box h3{font-size:16px;text-transform:uppercase;letter-spacing:.04em}
.aside-box ul{list-style:none;padding:0;margin:0 0 12px}.aside-box li{margin:5px 0}
.most-read{padding-left:0;margin:0;list-style:none;counter-reset:rank}
.most-read li{counter-increment:rank;display:flex;gap:10px;padding:8px 0;border-bottom:1px solid rgba(0,0,0,.1);font-weight:600;line-height:1.3}
.most-read li::before{content:counter(rank);font-size:28px;font-weight:700;opacity:.35;min-width:24px;line-height:1}
.most-read a{color:inherit}
.newsletter-promo{background:rgba(0,0,0,.03);padding:10px 14px 14px}
.pick{padding:6px 0;border-bottom:1px solid rgba(0,0,0,.08)}.pick a{display:block;color:inherit;font-weight:600}
.kicker{display:inline-block;font-size:12px;font-weight:700;text-transform:uppercase;letter-spacing:.05em;color:#b3261e;margin-right:8px}
.kicker-analysis{color:#1565c0}.kicker-opinion{color:#6a1b9a}.kicker-interview{color:#2e7d32}.kicker-explainer{color:#ef6c00}
.premium-badge{display:inline-block;font-size:11px;font-weight:700;background:#1d1d1d;color:#f5c518;padding:1px 7px;border-radius:3px;vertical-align:middle}
.headline-link{color:inherit}
.standfirst{color:#444;margin:4px 0 6px}
.story-meta{font-size:13px;color:#666}.story-author{font-weight:600}
.lead-row{display:grid;grid-template-columns:2fr 1fr;gap:24px;margin-bottom:24px}
.lead-story h1{font-size:32px;margin-top:6px}.lead-story h1 a{color:inherit}
.lead-story img{width:100%;height:auto;background:#ddd}
.lead-magazine{position:relative;margin-bottom:20px}
.lead-magazine .lead-text{position:absolute;left:0;right:0;bottom:0;padding:22px;background:linear-gradient(transparent,rgba(0,0,0,.85));color:#fff}
.lead-magazine .lead-text .standfirst,.lead-magazine .story-meta{color:#eee}
.lead-magazine img{max-height:420px;object-fit:cover}
.block-title{font-size:18px;text-transform:uppercase;letter-spacing:.04em;border-top:2px solid currentColor;padding-top:6px;margin:18px 0 12px}
.block-title a{color:inherit}
.latest-list{list-style:none;padding:0;margin:0}.latest-list li{padding:9px 0;border-bottom:1px solid rgba(0,0,0,.1)}.latest-list a{color:inherit;font-weight:600}
.top-stories .block-title{margin-top:0}
.block-grid{display:grid;grid-template-columns:repeat(4,1fr);gap:16px}
.block-grid .story-card img{width:100%;height:auto}
.story-card h3{font-size:17px;margin:4px 0}
.story-rows .story-card{display:flex;gap:16px;padding:14px 0;border-bottom:1px solid rgba(0,0,0,.1)}
.story-rows .thumb-link{flex:none;width:220px}.story-rows img{width:220px;height:132px;object-fit:cover}
.story-cards .story-card{border:1px solid rgba(0,0,0,.08);background:#fff}.story-cards .story-text{padding:10px 14px 14px}
.story-cards img{width:100%;height:180px;object-fit:cover}
.section-header{border-bottom:1px solid rgba(0,0,0,.15);margin-bottom:12px}.section-header h1{font-size:38px;margin-bottom:2px}
.kind-filters{display:flex;gap:8px;flex-wrap:wrap;margin:8px 0}
.kind-filter{padding:5px 12px;border:1px solid rgba(0,0,0,.2);border-radius:999px;font-size:14px;font-weight:600}
.kind-filter.active{background:#1d1d1d;color:#fff;border-color:#1d1d1d}
.article-headline{font-size:36px;margin:6px 0 10px}
.article-standfirst{font-size:19px;color:#444}
.byline{display:flex;gap:12px;align-items:center;border-top:1px solid rgba(0,0,0,.12);border-bottom:1px solid rgba(0,0,0,.12);padding:10px 0;margin:12px 0;font-size:14px}
.byline img{width:48px;height:48px;border-radius:50%;object-fit:cover}.byline-author{font-weight:700}
.hero-figure{margin:0 0 16px}.hero-figure img{width:100%;height:auto;max-height:380px;object-fit:cover}
figcaption{font-size:13px;color:#666;margin-top:4px}
.article-body p{font-size:18px;line-height:1.65;margin:0 0 18px;max-width:720px}
.article-body.teaser{position:relative;max-height:220px;overflow:hidden}
.article-body.teaser::after{content:'';position:absolute;left:0;right:0;bottom:0;height:120px;background:linear-gradient(transparent,#fff)}
.pull-quote{border-left:5px solid currentColor;margin:10px 0 22px;padding:6px 20px;max-width:640px}
.pull-quote p{font-size:24px;font-style:italic;line-height:1.35;margin:0 0 6px}.pull-quote cite{font-size:14px;color:#555;font-style:normal}
.meter-note{background:#fff8e1;border:1px solid #ffe082;padding:8px 12px;margin-bottom:14px;font-size:14px}
.locked-note{font-weight:700;padding:12px 0}
.article-tags{display:flex;gap:8px;align-items:center;margin:10px 0 20px}.tag{border:1px solid rgba(0,0,0,.2);padding:2px 10px;border-radius:3px;font-size:13px}
.related ul{padding-left:18px}.related li{margin:6px 0}
.paywall{max-height:92vh;overflow:auto;max-width:520px}
.paywall h2{margin-top:4px}.paywall-kicker{font-size:12px;font-weight:700;text-transform:uppercase;letter-spacing:.06em;color:#b3261e;margin:0}
.paywall .field{margin-bottom:10px}.paywall input[type=text],.paywall input[type=email],.paywall input[type=password]{width:100%}
.small{font-size:13px}
.check-row,.radio-row{display:flex;gap:8px;align-items:flex-start;margin:8px 0}.check-row label,.radio-row label{font-weight:400;margin:0}
.check-row.invalid label{color:#c62828}
.register-form .hint{font-size:12px;color:#666}
.cookie-banner{z-index:40;color:#f2f2f2;background:#1f2328;box-shadow:0 -4px 18px rgba(0,0,0,.3)}
.cookie-banner h3{margin:0 0 6px}.cookie-banner p{margin:0 0 10px;font-size:14px}
.cookie-actions{display:flex;gap:10px;align-items:center;flex-wrap:wrap}.manage-cookies{color:#9ecbff;text-decoration:underline}
.cookie-bar{position:fixed;left:0;right:0;bottom:0;padding:20px max(24px,calc(50% - 560px));display:flex;gap:24px;align-items:center}
.cookie-bar .cookie-text{flex:1}
.cookie-box{position:fixed;left:20px;bottom:20px;width:420px;padding:20px;border-radius:8px}
.cookie-overlay{z-index:45}.cookie-modal{max-width:520px;width:90%;padding:26px;border-radius:8px}
.cookie-row{display:flex;justify-content:space-between;align-items:center;gap:16px;border-bottom:1px solid rgba(0,0,0,.1);padding:12px 0}
.cookie-row p{margin:2px 0 0}.always-on{font-weight:700;color:#2e7d32}
.switch{display:flex;align-items:center;gap:8px;cursor:pointer;margin:0}
.switch input{position:absolute;opacity:0;width:1px;height:1px}
.slider{width:46px;height:26px;border-radius:13px;background:#bbb;position:relative;transition:background .15s}
.slider::after{content:'';position:absolute;top:3px;left:3px;width:20px;height:20px;border-radius:50%;background:#fff;transition:left .15s}
.switch input:checked+.slider{background:#2e7d32}.switch input:checked+.slider::after{left:23px}
.form-actions{margin-top:16px;display:flex;gap:14px;align-items:center}
.newsletter-layout{display:flex;gap:24px;align-items:flex-start}.newsletter-form{flex:1}.newsletter-aside{width:320px;flex:none}
.newsletter-form input[type=email]{width:100%;max-width:420px}
fieldset{border:1px solid rgba(0,0,0,.12);border-radius:6px;margin:0 0 16px;padding:10px 14px}legend{font-weight:700;padding:0 6px}
fieldset.invalid{border-color:#c62828}
.topic-grid{display:grid;grid-template-columns:repeat(2,1fr);gap:10px}
.topic-option{display:flex;gap:8px;align-items:flex-start;border:1px solid rgba(0,0,0,.1);border-radius:6px;padding:8px 10px}
.topic-option label{margin:0;font-weight:400}.topic-option label strong,.topic-option label span{display:block}.topic-option label span{font-size:13px}
.subscription-code{font-size:22px;letter-spacing:.04em}
.auth-wrap{display:flex;gap:32px;align-items:flex-start}.auth-card{width:440px}.auth-card input[type=text],.auth-card input[type=email],.auth-card input[type=password]{width:100%}
.author-card{display:flex;gap:20px;align-items:center;margin-bottom:16px}.author-card img{width:120px;height:120px;border-radius:50%;object-fit:cover}
.account-link,.signin-link{white-space:nowrap}.header-extras .register-link{color:#111}
`
