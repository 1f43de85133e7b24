// The recipe site's style sheet.

export const RECIPES_CSS = `
.hero{display:flex;gap:28px;align-items:center;margin-bottom:14px;padding:0;overflow:hidden}
.hero-image{flex:0 0 46%}.hero-image img{width:100%;height:auto}
.hero-text{flex:1;padding:22px 26px}.hero-text h1{font-size:34px;margin:8px 0}
.tagline{font-size:16px;margin:6px 0 20px}
.cuisine-tiles{display:grid;grid-template-columns:repeat(auto-fill,minmax(140px,1fr));gap:12px;margin-bottom:26px}
.cuisine-tile{display:flex;flex-direction:column;align-items:center;gap:4px;color:inherit;padding:10px}
.cuisine-tile img{width:100%;height:auto;border-radius:6px}
.recipe-grid{display:grid;gap:16px;margin-bottom:18px}
.recipe-grid.cols-4{grid-template-columns:repeat(4,minmax(0,1fr))}
.recipe-grid.cols-3{grid-template-columns:repeat(3,minmax(0,1fr))}
.recipe-grid.cols-2{grid-template-columns:repeat(2,minmax(0,1fr))}
.recipe-grid.as-list{grid-template-columns:1fr}
.recipe-card{padding:0;overflow:hidden;display:flex;flex-direction:column}
.recipe-card img{width:100%;height:auto;aspect-ratio:4/3;object-fit:cover;background:#eee}
.card-body{padding:10px 12px 12px}
.card-body h3{font-size:16px;margin:2px 0 4px}.card-body h3 a{color:inherit}
.card-kicker,.kicker{font-size:12px;text-transform:uppercase;letter-spacing:.05em;color:#8a8f98;font-weight:700}
.card-meta{display:flex;gap:6px;align-items:center;flex-wrap:wrap;font-size:13px;margin-top:4px}
.as-list .recipe-card{flex-direction:row}.as-list .card-image{flex:0 0 220px}.as-list .card-body{padding:14px 18px}
.card-desc{font-size:14px;margin:6px 0 0}
.clock{display:inline-block;vertical-align:-2px}
.diet-badge{display:inline-block;font-size:11px;font-weight:700;padding:1px 7px;border-radius:9px;border:1px solid currentColor}
.diet-vegetarian{color:#2e7d32}.diet-vegan{color:#1b5e20;background:#e8f5e9}.diet-gluten-free{color:#8d6e00}
.home-columns{display:grid;grid-template-columns:1fr 1fr;gap:24px}
.more-link{font-weight:600}
.listing.sidebar-right .sidebar{order:2}
.filters h2{font-size:18px;margin:0}.filters h3{font-size:14px;text-transform:uppercase;letter-spacing:.04em;margin:14px 0 6px}
.filters-head{display:flex;justify-content:space-between;align-items:baseline}
.filters ul{list-style:none;padding:0;margin:0}.filters li{margin:2px 0}
.facet{display:flex;align-items:center;gap:8px;color:inherit;padding:3px 0}
.facet .check{display:inline-flex;width:16px;height:16px;border:1.5px solid #9aa0a6;border-radius:3px;font-size:12px;line-height:1;align-items:center;justify-content:center;flex:none}
.radio-list .facet .check{border-radius:50%}
.facet.active{font-weight:700}.facet.active .check{background:#222;border-color:#222;color:#fff}
.toolbar{display:flex;align-items:baseline;gap:12px;flex-wrap:wrap}
.active-chips{display:flex;gap:8px;margin:4px 0 8px;flex-wrap:wrap}
.chip{border:1px solid rgba(0,0,0,.2);border-radius:14px;padding:2px 10px;font-size:13px;color:inherit;background:#fff}
.sort-bar{display:flex;gap:14px;margin:6px 0 14px;flex-wrap:wrap;font-size:14px}
.empty{text-align:center;padding:40px}
.recipe-header{max-width:860px;margin-bottom:14px}
.recipe-name{font-size:34px;margin:4px 0 8px}
.recipe-rating{margin-bottom:8px}
.byline{display:flex;align-items:center;gap:6px;margin-bottom:8px}.avatar{border-radius:50%;width:36px;height:36px}
.description{font-size:16px}
.actions{display:flex;gap:10px;align-items:center;flex-wrap:wrap}
.save-form{display:flex;align-items:center;gap:8px;margin:0}
.saved-label{font-weight:700;color:#c2185b}
.recipe-top{display:flex;gap:18px;align-items:flex-start;margin-bottom:18px}
.recipe-photo{flex:0 0 58%;width:58%;height:auto;aspect-ratio:16/10;object-fit:cover;border-radius:8px}
.facts-box{flex:1}
.time-facts{display:grid;grid-template-columns:1fr 1fr;gap:10px;margin:0 0 12px}
.time-facts .fact{background:rgba(0,0,0,.035);border-radius:6px;padding:8px 10px}
.time-facts dt{font-size:12px;text-transform:uppercase;color:#777;font-weight:700}.time-facts dd{margin:0;font-size:18px;font-weight:700}
.diet-row{display:flex;gap:6px;flex-wrap:wrap}
.recipe-body{margin-bottom:18px}
.recipe-body.columns{display:grid;grid-template-columns:minmax(300px,38%) 1fr;gap:18px;align-items:start}
.recipe-body.stacked>*{margin-bottom:18px}
.scaler{display:flex;align-items:center;gap:12px;flex-wrap:wrap;margin-bottom:10px}
.scaler-label{font-weight:700}
.stepper{display:inline-flex;align-items:center;border:1px solid rgba(0,0,0,.2);border-radius:20px;overflow:hidden}
.step-btn{display:inline-block;width:34px;text-align:center;font-size:20px;line-height:32px;color:inherit;background:rgba(0,0,0,.04)}
.step-btn.disabled{color:#bbb}
.servings-value{min-width:36px;text-align:center;font-weight:700}
.servings-options{display:flex;gap:4px}
.servings-option{display:inline-block;min-width:32px;text-align:center;padding:3px 8px;border:1px solid rgba(0,0,0,.18);border-radius:6px;color:inherit;font-size:14px}
.servings-option.active{background:#222;color:#fff;border-color:#222}
.unit-toggle{display:inline-flex;border:1px solid rgba(0,0,0,.25);border-radius:8px;overflow:hidden;margin-bottom:8px}
.unit-option{padding:5px 16px;color:inherit;font-weight:600;font-size:14px}
.unit-option.active{background:#222;color:#fff}
.scale-note{font-size:14px;margin:4px 0 8px}
.ingredient-list{list-style:none;padding:0;margin:0}
.ingredient{display:flex;gap:10px;align-items:baseline;padding:7px 0;border-bottom:1px dashed rgba(0,0,0,.12)}
.ingredient .tick{flex:none;width:14px;height:14px;border:1.5px solid #aaa;border-radius:50%;transform:translateY(2px)}
.ingredient .amount{font-weight:700;white-space:nowrap}
.small{font-size:13px}
.steps{list-style:none;padding:0;margin:0}
.step{margin-bottom:14px}.step-number{display:block;font-weight:700;font-size:13px;text-transform:uppercase;letter-spacing:.05em;color:#888}
.step p{margin:2px 0 0;font-size:16px}
.tip{background:rgba(255,193,7,.14);border-left:4px solid #f0a500;padding:10px 12px;border-radius:4px}
.nutrition{max-width:520px;margin-bottom:18px}.nutrition-table th{width:60%;background:none}
.reviews .review{border-top:1px solid rgba(0,0,0,.08);padding:10px 0}
.reviews .review p{margin:4px 0 0}
.own-review{background:rgba(0,128,0,.04)}
.review-summary{margin-bottom:8px}
.review-form{margin-top:14px;max-width:640px}
.star-field{border:0;padding:0}
.field-label{font-weight:600;display:block;margin-bottom:4px}
.star-input{display:inline-flex;flex-direction:row-reverse;gap:2px;vertical-align:middle}
.star-input input{position:absolute;opacity:0;width:1px;height:1px;pointer-events:none}
.star-input label{font-size:32px;line-height:1;color:#c9ccd1;cursor:pointer;margin:0;padding:0 2px}
.star-input input:checked~label,.star-input label:hover,.star-input label:hover~label{color:#f0a500}
.star-choice{margin-left:10px;font-size:14px}
.saved-list{display:flex;flex-direction:column;gap:12px}
.saved-item{display:flex;gap:14px;align-items:center}
.saved-item img{width:160px;height:auto;border-radius:6px}
.saved-info{flex:1}
.shopping-list{width:320px}.shopping-list ul{padding-left:18px;margin:0}.shopping-list li{margin:3px 0}
`
