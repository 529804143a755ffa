// The thirteen Kindle stores, in the order the demo account lists them. The demo account sells in the
// first nine; the big account in all thirteen. Shares and price levels are invented but plausible.

export interface Marketplace {
  readonly marketplace: string;
  readonly country: string;
  /** Share of a book's readers who buy in this store (before normalising over the stores in use). */
  readonly share: number;
  /** Royalty per unit relative to amazon.com (local list prices differ). */
  readonly priceLevel: number;
  /** Whether the author runs ads here. */
  readonly ads: boolean;
}

export const MARKETPLACES: readonly Marketplace[] = [
  { marketplace: 'amazon.com', country: 'US', share: 0.55, priceLevel: 1, ads: true },
  { marketplace: 'amazon.co.uk', country: 'GB', share: 0.15, priceLevel: 0.85, ads: true },
  { marketplace: 'amazon.de', country: 'DE', share: 0.09, priceLevel: 0.9, ads: true },
  { marketplace: 'amazon.ca', country: 'CA', share: 0.06, priceLevel: 0.8, ads: true },
  { marketplace: 'amazon.com.au', country: 'AU', share: 0.05, priceLevel: 0.85, ads: true },
  { marketplace: 'amazon.fr', country: 'FR', share: 0.02, priceLevel: 0.9, ads: false },
  { marketplace: 'amazon.es', country: 'ES', share: 0.015, priceLevel: 0.85, ads: false },
  { marketplace: 'amazon.it', country: 'IT', share: 0.015, priceLevel: 0.85, ads: false },
  { marketplace: 'amazon.co.jp', country: 'JP', share: 0.01, priceLevel: 0.7, ads: false },
  { marketplace: 'amazon.in', country: 'IN', share: 0.02, priceLevel: 0.3, ads: false },
  { marketplace: 'amazon.com.br', country: 'BR', share: 0.01, priceLevel: 0.35, ads: false },
  { marketplace: 'amazon.com.mx', country: 'MX', share: 0.008, priceLevel: 0.4, ads: false },
  { marketplace: 'amazon.nl', country: 'NL', share: 0.007, priceLevel: 0.9, ads: false },
];
