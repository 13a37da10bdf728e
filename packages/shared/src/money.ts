/** Money is stored in integer cents and travels as dollars (a JSON number) on the spec's wire fields. */
export function centsToDollars(cents: number): number {
  return cents / 100;
}

/** Rounds to the nearest cent; callers validate that the input has at most two decimals. */
export function dollarsToCents(dollars: number): number {
  return Math.round(dollars * 100);
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** "$1,234.50" */
export function formatDollars(dollars: number): string {
  return usd.format(dollars);
}
