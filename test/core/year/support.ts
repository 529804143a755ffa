// What the year's plain-input tests of the Marketplaces report share: an answer of it in EUR, over `period`
// (none: unsaid), two marketplaces, amazon.fr sending no ad spend.

export function marketplacesReport(
  period: Record<string, unknown> | null,
  extra: Record<string, unknown> = {},
) {
  return {
    ok: true as const,
    data: {
      ...(period && { period }),
      currency: 'EUR',
      meta: { truncated: false },
      rows: [
        { marketplace: 'amazon.de', country: 'DE', royalties: 120.5, ad_spend: 20, units_sold: 40 },
        { marketplace: 'amazon.fr', country: 'FR', royalties: 30.25, units_sold: 9 },
      ],
      ...extra,
    },
  };
}
