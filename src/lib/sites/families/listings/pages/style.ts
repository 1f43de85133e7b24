// The listings family's CSS (themed per site) and the stepper script.
import type {SiteInfo} from '../../../types.js'
import type {ListingsModel} from '../types.js'

export const STEPPER_SCRIPT = `document.querySelectorAll('.step-btn').forEach(function(b){b.addEventListener('click',function(){var i=document.getElementById(b.getAttribute('data-for'));if(!i)return;var v=(parseInt(i.value,10)||0)+Number(b.getAttribute('data-step'));var lo=Number(i.getAttribute('data-min')),hi=Number(i.getAttribute('data-max'));i.value=String(Math.max(lo,Math.min(hi,v)));});});`

export function familyCss(site: SiteInfo, model: ListingsModel): string {
  const {primary, accent, muted, radius} = site.theme
  const r = Math.min(radius, 10)
  const gridMin = model.kind === 'jobs' ? 300 : site.variant % 3 === 0 ? 230 : 280
  return `
.hero{display:flex;justify-content:space-between;align-items:center;gap:24px;margin-bottom:18px}
.hero-plain{background:linear-gradient(120deg,${primary},${primary}cc);color:#fff}.hero-plain .muted{color:#eef}
.hero h1{font-size:30px}.hero-text{flex:1}
.hero-search{display:flex;gap:10px;align-items:flex-end;flex-wrap:wrap;margin-top:12px}
.hero-field{flex:1;min-width:180px}.hero-field input{width:100%}.hero-plain label{color:#fff}
.map-card{margin:0 0 16px}.map-card figcaption{margin-bottom:8px}.map-card figcaption h2{display:inline;margin-right:10px}
.map-body{display:flex;gap:16px;align-items:flex-start}
.area-map{flex:none;width:min(58%,${model.map.height > 300 ? 430 : 540}px);height:auto;border-radius:${r}px;border:1px solid rgba(0,0,0,.1)}
.area-map .map-area{cursor:pointer}.area-map .map-area polygon{stroke:#fff;stroke-width:3}

.area-map .map-overlay{pointer-events:none}
.area-map .map-label{font:700 21px ${site.theme.font};fill:#1d2733}.area-map text.on{fill:#fff}
.area-map .map-count{font:17px ${site.theme.font};fill:#3d4650}
.area-map .river{fill:none;stroke:#9cc7e6;stroke-width:12;stroke-linecap:round;opacity:.8}
.area-map .compass circle{fill:#fff;stroke:#777}.area-map .compass text{font:700 13px sans-serif;fill:#333}
.map-legend{list-style:none;margin:0;padding:0;flex:1;max-width:460px;columns:${model.areas.length > 6 ? 2 : 1};font-size:14px}.map-legend li{margin:3px 0;break-inside:avoid}
.area-toggle{color:inherit}.area-toggle.active{font-weight:700;color:${primary}}
.results-row.sidebar-right,.detail-row.sidebar-left{flex-direction:row-reverse}
.sidebar .card{margin-bottom:14px}
.chip-bar{margin-bottom:12px;padding-top:10px;padding-bottom:10px}
.chip-row{display:flex;flex-wrap:wrap;gap:8px;align-items:center;margin:4px 0}
.chip-title{font-weight:700;min-width:120px;font-size:14px}
.chip{display:inline-block;padding:5px 12px;border:1px solid rgba(0,0,0,.2);border-radius:999px;font-size:14px;color:inherit;background:#fff}
.chip.active{background:${primary};border-color:${primary};color:#fff}
.toolbar{display:flex;align-items:baseline;gap:12px;flex-wrap:wrap}.toolbar h1{font-size:24px}
.active-filters{display:flex;gap:8px;flex-wrap:wrap;align-items:center;margin:4px 0 8px;font-size:14px}
.active-filter{background:${accent}33;border-radius:${r}px;padding:2px 8px;color:inherit}
.sort-bar{display:flex;gap:14px;margin:6px 0 14px;flex-wrap:wrap}
.results.list-view{display:flex;flex-direction:column;gap:12px}
.results.grid-view{display:grid;grid-template-columns:repeat(auto-fill,minmax(${gridMin}px,1fr));gap:14px}
.listing-card{position:relative;display:flex;gap:14px;align-items:flex-start}
.grid-view .listing-card{flex-direction:column}
.listing-card h3{font-size:17px;margin:0 0 2px}.listing-main{flex:1;min-width:0}
.listing-sub{font-size:14px;color:${muted}}
.listing-value{font-weight:700;font-size:17px;color:${primary};margin:4px 0}.listing-value.big{font-size:24px}
.snippet{font-size:14px;margin:4px 0;display:-webkit-box;-webkit-line-clamp:2;-webkit-box-orient:vertical;overflow:hidden}
.listing-foot{font-size:13px}
.logo-thumb{width:72px;height:54px;border-radius:6px;flex:none}
.house-thumb{width:240px;height:180px;object-fit:cover;border-radius:${r}px;flex:none}
.grid-view .house-thumb{width:100%;height:auto}
.home-facts{display:flex;gap:14px;font-size:14px;margin:4px 0}
.save-form{margin:0}.quick-save{font-size:13px;padding:4px 10px}.is-saved{color:${primary};border-color:${primary}}
.listing-card .save-form{position:absolute;top:12px;right:12px}
.facets ul{list-style:none;padding:0;margin:0}.facets li{margin:4px 0}.facets a.active{font-weight:700}
.detail-head{display:flex;gap:16px;align-items:center;margin-bottom:12px}.detail-logo{border-radius:8px}
.facts-table{margin:12px 0 18px}.facts-table th{width:38%}
.action-card .btn{display:block;width:100%;text-align:center;margin-top:10px}
.home-head{display:flex;justify-content:space-between;align-items:flex-start;gap:16px;margin-bottom:12px}.home-head .listing-value{white-space:nowrap;margin:0}
.gallery{display:flex;gap:8px;margin-bottom:14px;height:300px}.gallery-main{width:66%;height:100%;object-fit:cover;border-radius:${r}px}
.gallery-thumbs{display:flex;flex-direction:column;gap:8px;flex:1;min-width:0}.gallery-thumbs img{width:100%;height:146px;object-fit:cover;border-radius:${r}px}
.agent-card img{border-radius:50%;width:90px;height:90px;object-fit:cover}
.energy{display:inline-block;padding:0 10px;color:#fff;font-weight:700;background:#2e7d32;border-radius:3px}
.energy-C,.energy-D{background:#f9a825}.energy-E,.energy-F{background:#c62828}
.similar{margin-top:20px}.similar-grid{display:grid;grid-template-columns:repeat(4,1fr);gap:12px}
.area-guide{display:grid;grid-template-columns:repeat(3,1fr);gap:14px}
.plain-list{list-style:none;padding:0;margin:0}.plain-list li{display:flex;gap:8px;align-items:center;margin:6px 0}
.compact td,.compact th{padding:4px 8px;font-size:14px}
.home-columns{margin-top:10px}
.stepper{display:flex;gap:0;align-items:stretch}.stepper input{width:70px;text-align:center;border-radius:0}
.step-btn{width:38px;border:1px solid #b8bec7;background:#f1f3f5;font-size:18px;cursor:pointer}
fieldset.field{border:1px solid rgba(0,0,0,.12);border-radius:${r}px;padding:10px 14px}fieldset legend{font-weight:700;padding:0 4px}
.cal-head{font-weight:700;margin-bottom:6px}
.cal-grid{display:grid;grid-template-columns:repeat(7,44px);gap:4px}
.dow{font-size:12px;color:${muted};text-align:center}
.day,.slot{display:flex;align-items:center;justify-content:center;height:36px;border:1px solid rgba(0,0,0,.15);border-radius:6px;cursor:pointer;font-weight:600;margin:0;background:#fff}
.day.disabled{color:#bbb;background:#f4f4f4;cursor:default;font-weight:400}.day.blank{border:none;background:none}
.day-radio,.slot-radio{position:absolute;opacity:0;width:1px;height:1px}
.day-radio:checked+label,.slot-radio:checked+label{background:${primary};color:#fff;border-color:${primary}}
.slots{display:flex;gap:8px;flex-wrap:wrap}.slot{padding:0 16px}.slots .error-text,.slots legend{width:100%}
.request-summary img{width:100%;height:auto;border-radius:${r}px;margin-bottom:8px}
.reference-number{font-size:22px;letter-spacing:1px}
`
}
