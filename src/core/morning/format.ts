// Changes in the morning e-mail as a signed percentage; money and counts are written as everywhere else
// (moneyText, countText in report/money.ts). Plain text: the HTML escapes it.

/** `+12.3%`, `-4.0%`, `0.0%`. */
export function changeText(change: number): string {
  const percent = (change * 100).toFixed(1);
  if (Number(percent) === 0) return '0.0%';
  return `${change > 0 ? '+' : ''}${percent}%`;
}
