// Draw the shop's generated pictures once, at build time (`npm run build` runs this):
//  - the home page's banners into the built web app (served as static files),
//  - the demo catalogue's product photos next to the server (read by the seed),
// so that the server never loads the drawing code, and a first start seeds the demo in a moment.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { slugify } from '../../domain/slug.ts';
import { demoCatalogue } from '../db/seed/demo-catalogue.ts';
import { BANNER_COUNT, renderBannerImage, renderProductPhoto } from '../db/seed/product-photo-art.ts';
import { DEMO_PHOTOS_DIR } from '../db/seed.ts';

const bannersDir = process.argv[2] ?? 'dist/web/banners';
mkdirSync(bannersDir, { recursive: true });
for (let index = 0; index < BANNER_COUNT; index++) {
  const { data } = await renderBannerImage(index);
  writeFileSync(join(bannersDir, `${index + 1}.webp`), data);
}

mkdirSync(DEMO_PHOTOS_DIR, { recursive: true });
let photos = 0;
for (const category of demoCatalogue) {
  for (const [index, product] of category.products.entries()) {
    const { data } = await renderProductPhoto({ name: product.name, category: category.name, index });
    writeFileSync(join(DEMO_PHOTOS_DIR, `${slugify(product.name)}.webp`), data);
    photos += 1;
  }
}
console.log(`${BANNER_COUNT} banners drawn into ${bannersDir}, ${photos} demo photos into ${DEMO_PHOTOS_DIR}`);
