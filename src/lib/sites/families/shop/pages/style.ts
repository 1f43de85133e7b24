// The shop family's CSS.

export const SHOP_CSS = `
.hero{display:flex;justify-content:space-between;align-items:center;gap:24px;margin-bottom:24px}
.hero h1{font-size:32px}
.category-tile{display:block;text-align:center;color:inherit}
.product-card h3{font-size:15px;margin:8px 0 4px}
.product-card img{width:100%;height:auto;background:#f3f3f3}
.facets ul{list-style:none;padding:0;margin:0 0 14px}.facets li{margin:4px 0}.facets a.active{font-weight:700}
.toolbar{display:flex;align-items:baseline;gap:12px}
.sort-bar{display:flex;gap:14px;margin:6px 0 14px;flex-wrap:wrap}
.product{margin-bottom:16px}.gallery{flex:1}.buy-box{flex:1}
.review{border-top:1px solid #eee;padding:10px 0}
.cart-table form{display:inline}
`
