/** Stores our customers buy from most; the logos are served from public/logos, never hot-linked. */
export const storeLogos = [
  { file: 'amazon', name: 'Amazon' },
  { file: 'ebay', name: 'eBay' },
  { file: 'walmart', name: 'Walmart' },
  { file: 'best-buy', name: 'Best Buy' },
  { file: 'target', name: 'Target' },
  { file: 'apple', name: 'Apple' },
  { file: 'nike', name: 'Nike' },
  { file: 'macys', name: "Macy's" },
] as const
