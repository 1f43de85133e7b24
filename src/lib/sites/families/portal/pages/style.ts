// The portal's style sheet, coloured by the site's theme.
import type {Theme} from '../../../theme.js'

export function portalCss(theme: Theme): string {
  const selected = theme.primary
  return `
.gov-strip{font-size:13px;color:#3b4350;background:#eef1f5;border:1px solid rgba(0,0,0,.06);border-radius:4px;padding:5px 10px;margin-bottom:14px}
.gov-strip a{margin-left:8px;text-decoration:underline}
.header-extras .lang{font-size:12px;border:1px solid currentColor;border-radius:3px;padding:1px 6px;opacity:.8}
.hero{display:flex;gap:28px;align-items:center;margin-bottom:20px}
.hero-text{flex:1}.hero h1{font-size:34px}.hero p{font-size:17px}
.hero img{border-radius:8px;flex:none}
.hero-search{display:flex;gap:8px;margin-top:14px}.hero-search input{flex:1;font-size:17px;padding:11px 14px}
.quick-tiles{display:grid;grid-template-columns:repeat(4,1fr);gap:14px;margin-bottom:20px}
.quick-tile{display:flex;flex-direction:column;gap:4px;color:inherit;border-top:4px solid ${theme.accent}}
.quick-tile:hover{text-decoration:none;box-shadow:0 4px 14px rgba(0,0,0,.1)}
.tile-icon{color:${theme.primary}}.tile-icon .icon{width:30px;height:30px}
.gov-seal .icon{width:15px;height:15px;display:inline-block;vertical-align:-2px}
.notices{margin-bottom:20px;border-left:5px solid #e0a800}.notices ul{margin:0;padding-left:20px}
.topic-grid{display:grid;gap:14px;margin-bottom:22px}.topic-grid.cols-3{grid-template-columns:repeat(3,1fr)}.topic-grid.cols-4{grid-template-columns:repeat(4,1fr)}
.topic-tile{display:flex;flex-direction:column;gap:6px;color:inherit}.topic-tile img{width:100%;height:110px;object-fit:cover;border-radius:4px}
.topic-tile:hover{text-decoration:none;box-shadow:0 4px 14px rgba(0,0,0,.1)}
.topic-count{font-size:13px;font-weight:700}
.popular-list{display:grid;grid-template-columns:repeat(3,1fr);gap:8px 20px}
.popular-link{display:flex;justify-content:space-between;padding:10px 0;border-bottom:1px solid rgba(0,0,0,.1);font-weight:600}
.topic-nav ul,.toc{list-style:none;padding:0;margin:0}.topic-nav li,.toc li{margin:6px 0}.topic-nav a.active{font-weight:700;text-decoration:underline}
.az-bar{display:flex;flex-wrap:wrap;gap:6px;margin:10px 0 16px}.az-bar a{border:1px solid rgba(0,0,0,.15);padding:2px 9px;border-radius:3px;font-weight:700}
.az-letter{border-bottom:2px solid rgba(0,0,0,.12);padding-bottom:4px;margin-top:18px}
.service-grid{display:grid;grid-template-columns:repeat(2,1fr);gap:12px}
.service-list{display:flex;flex-direction:column;gap:10px}
.service-item h3{margin:2px 0 6px}.service-item p{margin:0 0 8px}
.service-kicker{font-size:12px;text-transform:uppercase;letter-spacing:.06em;font-weight:700;opacity:.7}
.service-meta{display:flex;gap:14px;flex-wrap:wrap;font-size:14px;align-items:center}
.tag{font-size:12px;font-weight:700;border-radius:10px;padding:2px 9px;background:#e9ecef}.tag-online{background:#dff3e4;color:#17623a}
.small{font-size:13px}
.service-table td:first-child{min-width:280px}
.search-results{list-style:none;padding:0;margin:0;display:flex;flex-direction:column;gap:10px}
.search-result h3{margin:0 0 2px}.result-path{font-size:13px;margin-bottom:6px}.search-result p{margin:0}
.service-page section{margin:22px 0}.lead{font-size:18px}
.service-title{font-size:32px}
.action-box{display:flex;gap:16px;align-items:center;flex-wrap:wrap;border-left:5px solid #2e7d32}
.checklist li,.documents li{margin:6px 0}
.fees-table,.processing-table{max-width:620px}.fees-table td.fee{font-weight:700;white-space:nowrap}
.service-aside{display:flex;flex-direction:column;gap:12px;width:270px}
.apply-layout{display:flex;gap:18px;align-items:flex-start}.apply-card{flex:1;min-width:0}.apply-help{width:260px;flex:none}
.apply-service{font-size:14px;margin-bottom:10px}
.steps{list-style:none;padding:0;margin:0 0 6px;display:flex;gap:0;counter-reset:none}
.steps li{flex:1;display:flex;align-items:center;gap:8px;font-size:14px;color:#6b7280}
.steps .step-no{width:28px;height:28px;border-radius:50%;border:2px solid #b8bec7;display:inline-flex;align-items:center;justify-content:center;font-weight:700;flex:none;background:#fff}
.steps li.current{color:inherit;font-weight:700}.steps li.current .step-no{border-color:currentColor}
.steps li.done .step-no{background:#2e7d32;border-color:#2e7d32;color:#fff}
.steps-tabs{border-bottom:3px solid #e3e6ea}.steps-tabs li{padding:8px 6px;margin-bottom:-3px;border-bottom:3px solid transparent}
.steps-tabs li.current{border-bottom-color:currentColor}.steps-tabs .step-no{width:22px;height:22px;border-radius:4px}
.step-count{margin:4px 0 14px}
.form-actions{display:flex;gap:10px;justify-content:space-between;margin-top:18px;border-top:1px solid rgba(0,0,0,.08);padding-top:14px}
.error-summary ul{margin:6px 0 0;padding-left:18px}.error-summary a{color:#8a1c12;text-decoration:underline}
fieldset.choice-group{border:0;padding:0;margin:0 0 18px}fieldset.choice-group legend{font-weight:700;font-size:16px;margin-bottom:6px}
.choice-wrap{position:relative;margin:6px 0}
.choice-input{position:absolute;opacity:0;width:1px;height:1px}
.choice{display:flex;justify-content:space-between;gap:12px;align-items:center;font-weight:400;border:2px solid #cfd4da;border-radius:6px;padding:10px 14px 10px 44px;cursor:pointer;background:#fff;position:relative;max-width:560px;margin:0}
.choice::before{content:"";position:absolute;left:14px;top:50%;margin-top:-10px;width:16px;height:16px;border:2px solid #6b7280;background:#fff}
.choice-radio::before{border-radius:50%}.choice-checkbox::before{border-radius:3px}
.choice-input:checked+.choice{border-color:${selected};background:#f1f5ff}
.choice-input:checked+.choice-radio::before{background:radial-gradient(circle,${selected} 45%,#fff 50%)}
.choice-input:checked+.choice-checkbox::before{background:${selected};border-color:${selected};box-shadow:inset 0 0 0 3px #fff}
.choice-input:focus-visible+.choice{outline:3px solid #ffbf47}
.choice-fee{font-weight:700;white-space:nowrap}
.choice-group.invalid .choice{border-color:#c62828}
.review-block{border:1px solid rgba(0,0,0,.1);border-radius:6px;padding:12px 16px;margin-bottom:12px}
.review-head{display:flex;justify-content:space-between;align-items:baseline}.change-link{font-weight:600;text-decoration:underline}
.review-list{display:grid;grid-template-columns:180px 1fr;gap:6px 14px;margin:6px 0 0}.review-list dt{font-weight:600;color:#4b5563}.review-list dd{margin:0}
.total-line{font-size:18px}
.confirmation-panel{background:#1f7a4d;color:#fff;border-radius:8px;padding:26px;text-align:center;margin-bottom:18px}
.confirmation-panel.cancelled{background:#6b7280}
.confirmation-panel h1{font-size:32px}.confirmation-panel p{margin:4px 0}
.confirmation-number{font-size:30px;font-weight:700;letter-spacing:.04em}
.summary-table th{width:200px}
.inline-form{display:flex;gap:8px;margin-top:6px}
.day-filter{display:flex;gap:6px;align-items:center;flex-wrap:wrap;margin:12px 0}
.day-chip{border:1px solid rgba(0,0,0,.2);border-radius:16px;padding:3px 12px;font-weight:600}.day-chip.active{background:#1f2937;color:#fff;border-color:#1f2937}
.holiday-note{background:#fff8e1;border:1px solid #f3d27a;color:#5d4300}
.office-list{display:flex;flex-direction:column;gap:14px}
.office{display:flex;gap:18px;align-items:flex-start}.office-main{flex:1}.office-hours{width:300px;flex:none}.office-map{width:180px;flex:none;border-radius:6px}
.offices-cards{display:grid;grid-template-columns:repeat(2,1fr)}.offices-cards .office{flex-direction:column}.offices-cards .office-hours{width:100%}.offices-cards .office-map{display:none}
.office h2{font-size:19px}.office-address{font-weight:600}
.hours-table th,.hours-table td{padding:3px 8px;font-size:14px}.hours-table tr.highlight{background:#fff3c4}
.reason-grid{display:grid;grid-template-columns:repeat(3,1fr);gap:12px;margin-bottom:20px}
.reason-link{display:flex;flex-direction:column;gap:6px;color:inherit}.reason-link:hover{text-decoration:none;box-shadow:0 4px 14px rgba(0,0,0,.12)}
.booking-steps{margin-bottom:16px}
.booking-layout{display:flex;gap:18px;align-items:flex-start}.booking-main{flex:1;min-width:0;display:flex;flex-direction:column;gap:14px}.booking-summary{width:280px;flex:none}
.booking-summary .review-list{grid-template-columns:70px 1fr}
.office-choices{display:grid;grid-template-columns:repeat(2,1fr);gap:8px}
.office-choice{display:flex;flex-direction:column;border:2px solid #cfd4da;border-radius:6px;padding:8px 12px;color:inherit}
.office-choice.selected{border-color:${selected};background:#f1f5ff}.office-choice:hover{text-decoration:none;border-color:#6b7280}
.date-time{display:flex;gap:22px;align-items:flex-start;flex-wrap:wrap}
.calendar{width:330px;flex:none}
.cal-head{display:flex;justify-content:space-between;align-items:center;margin-bottom:8px}
.cal-nav{font-size:22px;font-weight:700;width:34px;height:34px;display:inline-flex;align-items:center;justify-content:center;border:1px solid rgba(0,0,0,.15);border-radius:4px}
.cal-nav.disabled{opacity:.3}
.cal-grid{display:grid;grid-template-columns:repeat(7,1fr);gap:4px}
.cal-cell{height:40px;display:flex;align-items:center;justify-content:center;border-radius:4px;font-size:14px}
.cal-dow{font-weight:700;font-size:12px;height:24px}
.cal-day.available{background:#e3f2e7;color:#17623a;font-weight:700;border:1px solid #9fd1ae}
.cal-day.available:hover{background:#c8e8d1;text-decoration:none}
.cal-day.selected{background:${selected};color:#fff;font-weight:700}
.cal-cell.unavailable{color:#a0a6ad;text-decoration:line-through}
.cal-legend{display:flex;gap:6px;align-items:center;margin-top:8px}.cal-legend .key{display:inline-block;width:14px;height:14px;border-radius:3px}.key.available{background:#e3f2e7;border:1px solid #9fd1ae}.key.unavailable{background:#eee}
.slot-panel{flex:1;min-width:220px}
.slots{display:grid;grid-template-columns:repeat(3,1fr);gap:8px}
.slot{border:2px solid #9fb6e8;border-radius:6px;padding:8px 0;text-align:center;font-weight:700}
.slot:hover{background:#f1f5ff;text-decoration:none}.slot.selected{background:${selected};border-color:${selected};color:#fff}
@media (max-width:900px){.quick-tiles,.topic-grid.cols-3,.topic-grid.cols-4,.reason-grid,.popular-list{grid-template-columns:repeat(2,1fr)}.row,.apply-layout,.booking-layout{flex-direction:column}.sidebar,.apply-help,.booking-summary,.service-aside{width:100%}}
`
}
