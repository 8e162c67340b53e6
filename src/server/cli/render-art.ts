// Draw the shop's generated pictures once, at build time (`npm run build` runs this):
//  - the demo catalogue's product photos and home banners next to the server (read by the seed),
// so that the server never loads the drawing code, and a first start seeds the demo in a moment.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { slugify } from '../../domain/slug.ts';
import { demoBanners, demoCatalogue } from '../db/seed/demo-catalogue.ts';
import { renderBannerImage, renderProductPhoto } from '../db/seed/product-photo-art.ts';
import { DEMO_PHOTOS_DIR, demoBannerFile } from '../db/seed.ts';

mkdirSync(DEMO_PHOTOS_DIR, { recursive: true });
for (const [index] of demoBanners.entries()) {
  const { data } = await renderBannerImage(index);
  writeFileSync(join(DEMO_PHOTOS_DIR, demoBannerFile(index)), data);
}

let photos = 0;
for (const category of demoCatalogue) {
  for (const [index, product] of category.products.entries()) {
    const { data } = await renderProductPhoto({ name: product.name, category: category.name, index });
    writeFileSync(join(DEMO_PHOTOS_DIR, `${slugify(product.name)}.webp`), data);
    photos += 1;
  }
}
console.log(`${demoBanners.length} banners and ${photos} demo photos drawn into ${DEMO_PHOTOS_DIR}`);
