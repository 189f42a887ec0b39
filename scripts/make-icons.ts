/**
 * Draws the installed app's icons (issue 16 item 3) from the favicon's drop, into web/public/icons.
 * Run by hand when the drop changes (`npx tsx scripts/make-icons.ts`); the PNGs are committed.
 *
 *   icon-192.png, icon-512.png   the red drop on white, rounded (purpose "any")
 *   maskable-512.png             the white drop on brand red, inside the 80 % safe circle
 */
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const BRAND_RED = '#dc2626';
const DROP = 'M16 2C16 2 5 14.2 5 20.5a11 11 0 0 0 22 0C27 14.2 16 2 16 2z';
const SHINE =
  'M11.5 20a1.5 1.5 0 0 1 3 0 3.5 3.5 0 0 0 2.5 3.4 1.5 1.5 0 1 1-.8 2.9A6.5 6.5 0 0 1 11.5 20z';

/** The drop in a 32-unit box, scaled by `scale` about the centre of a 32-unit canvas. */
const drop = (fill: string, shine: string, scale: number) => {
  const offset = 16 * (1 - scale);
  return `<g transform="translate(${offset} ${offset}) scale(${scale})"><path fill="${fill}" d="${DROP}"/><path fill="${shine}" fill-opacity=".55" d="${SHINE}"/></g>`;
};

const any = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="#fff"/>${drop(BRAND_RED, '#fff', 0.8)}</svg>`;
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="${BRAND_RED}"/>${drop('#fff', BRAND_RED, 0.55)}</svg>`;

const out = path.resolve('web/public/icons');
fs.mkdirSync(out, { recursive: true });
const draw = (svg: string, size: number, file: string) =>
  sharp(Buffer.from(svg), { density: (72 * size) / 32 })
    .resize(size, size)
    .png({ compressionLevel: 9, palette: true })
    .toFile(path.join(out, file));

await draw(any, 192, 'icon-192.png');
await draw(any, 512, 'icon-512.png');
await draw(maskable, 512, 'maskable-512.png');
console.log(`icons written to ${out}`);
