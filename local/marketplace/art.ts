// npm run icons: the listing's icons and card banner, drawn in Chromium from the one vector source
// (marketplace/art/mark.svg) at the exact pixel sizes the Marketplace asks for (docs/publishing.md).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { withChromium } from '../chromium.ts';
import { ART, KIT } from './kit.ts';

function page(svg: string, width: number, height: number): string {
  const mark = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
  // The banner: the mark on the sheet's light green, as the card shows it; an icon: the mark alone.
  const banner = width !== height;
  const size = banner ? Math.round(height * 0.6) : width;
  return `<!doctype html><html><body style="margin:0;width:${width}px;height:${height}px;display:flex;align-items:center;justify-content:center;background:${banner ? '#e6f4ea' : 'transparent'}">
<img src="${mark}" width="${size}" height="${size}" alt=""></body></html>`;
}

const svg = readFileSync(path.join(KIT, 'art/mark.svg'), 'utf8');
await withChromium({ width: 128, height: 128 }, async (context) => {
  const tab = await context.newPage();
  for (const { file, width, height } of ART) {
    await tab.setViewportSize({ width, height });
    await tab.setContent(page(svg, width, height));
    await tab.screenshot({ path: path.join(KIT, file), omitBackground: width === height });
    console.log(`marketplace/${file}: ${width}×${height}`);
  }
});
