import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ABOUT_MAX, BANNER_HEADING_MAX, BANNERS_MAX, POLICY_MAX } from '../../src/contract/shop-content.ts';
import { type MadeUser, makeAdmin, makeUser, multipart, pngImage } from '../factories.ts';
import { snapshotDatabase } from '../setup/db-snapshot.ts';
import { call, createTestApp, type TestApp } from '../setup/test-app.ts';

const CONTENT = '/api/v1/shop/content';
const DETAILS = '/api/v1/shop/details';
const BANNERS = '/api/v1/shop/banners';

const EMPTY_DETAILS = {
  email: '',
  phone: '',
  address: '',
  about: '',
  privacyPolicy: '',
  shippingPolicy: '',
  returnsPolicy: '',
  announcement: { text: '', link: '', on: false },
};

interface WireBanner {
  _id: string;
  heading: string;
  text: string;
  link: string;
  image: string;
}

/** A photo as a phone takes it: 3000×2000 of noise (several MB as JPEG), stored sideways with EXIF orientation 6. */
async function phonePhoto(): Promise<Buffer> {
  const [width, height] = [3000, 2000];
  return sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 92 })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

describe('the shop’s own words and pictures (shop/content, shop/details, shop/banners)', () => {
  let t: TestApp;
  let admin: MadeUser;
  let shopper: MadeUser;

  beforeAll(async () => {
    // The database's notices never reach the app: every write must drop the cached answer itself.
    t = await createTestApp({}, { notices: { held: true } });
    admin = await makeAdmin(t.database.db);
    shopper = await makeUser(t.database.db);
  });
  afterAll(() => t.close());

  const content = async () => {
    const res = await call(t.app, 'GET', CONTENT);
    expect(res.statusCode).toBe(200);
    return res.json() as { success: true; details: typeof EMPTY_DETAILS; banners: WireBanner[] };
  };
  const saveDetails = (body: unknown, token = admin.token) => call(t.app, 'PUT', DETAILS, { token, body });
  const bannerForm = async (fields: Record<string, string>, image?: Buffer) =>
    multipart(fields, image ? { field: 'image', data: image, filename: 'banner.jpg', type: 'image/jpeg' } : undefined);
  const addBanner = async (fields: Record<string, string>, image?: Buffer, token = admin.token) => {
    const form = await bannerForm(fields, image);
    return call(t.app, 'POST', BANNERS, { token, headers: form.headers, body: form.payload });
  };
  const updateBanner = async (id: string, fields: Record<string, string>, image?: Buffer) => {
    const form = await bannerForm(fields, image);
    return call(t.app, 'PUT', `${BANNERS}/${id}`, { token: admin.token, headers: form.headers, body: form.payload });
  };
  const auditOf = async (action: string) => {
    const res = await call(t.app, 'GET', '/api/v1/admin/audit', { token: admin.token, query: { kind: 'shop' } });
    expect(res.statusCode).toBe(200);
    return (res.json().entries as { action: string; kind: string; entityId: string | null; before: unknown; after: unknown }[]).filter(
      (entry) => entry.action === action,
    );
  };

  it('answers a fresh shop with nothing written and no banners', async () => {
    expect(await content()).toEqual({ success: true, details: EMPTY_DETAILS, banners: [] });
  });

  it('saves the fields sent and keeps the others; the next read (cached before) shows them; the audit log has the change', async () => {
    await content(); // kept by the answer cache
    const res = await saveDetails({ email: 'Help@Corner-Books.test', phone: '+44 20 7946 0958', address: '1 High Street\nLondon' });
    expect(res.statusCode).toBe(200);
    const details = {
      ...EMPTY_DETAILS,
      email: 'Help@Corner-Books.test',
      phone: '+44 20 7946 0958',
      address: '1 High Street\nLondon',
    };
    expect(res.json()).toEqual({ success: true, message: 'Shop details saved', details });
    expect((await content()).details).toEqual(details);

    const policy = 'We keep your <b>name</b> & address\r\nto deliver.\n\nNothing else.';
    const second = await saveDetails({ privacyPolicy: policy, announcement: { text: 'Free delivery this week', link: '/category/books', on: true } });
    expect(second.statusCode).toBe(200);
    const after = {
      ...details,
      privacyPolicy: 'We keep your <b>name</b> & address\nto deliver.\n\nNothing else.',
      announcement: { text: 'Free delivery this week', link: '/category/books', on: true },
    };
    expect((await content()).details).toEqual(after);

    const [entry] = await auditOf('shop.details');
    expect(entry).toMatchObject({
      kind: 'shop',
      entityId: null,
      before: { privacyPolicy: '', announcementText: '', announcementLink: '', announcementOn: false },
      after: { privacyPolicy: after.privacyPolicy, announcementText: 'Free delivery this week', announcementLink: '/category/books', announcementOn: true },
    });
    // Only what changed is recorded.
    expect(Object.keys(entry?.after as object).sort()).toEqual(['announcementLink', 'announcementOn', 'announcementText', 'privacyPolicy']);
  });

  it('takes http(s) addresses as links, and an empty text as "not written"', async () => {
    const res = await saveDetails({ announcement: { text: 'Our blog', link: 'https://blog.example.org/news?x=1', on: false }, address: '' });
    expect(res.statusCode).toBe(200);
    expect(res.json().details.announcement).toEqual({ text: 'Our blog', link: 'https://blog.example.org/news?x=1', on: false });
    expect(res.json().details.address).toBe('');
  });

  it('refuses bad details with a 400 naming the field, changing nothing', async () => {
    const cases: [unknown, string][] = [
      [{ email: 'not-an-address' }, 'email: must be a valid e-mail address'],
      [{ phone: 'call me' }, 'phone: must be a phone number (digits, spaces, + ( ) . -)'],
      [{ about: 'x'.repeat(ABOUT_MAX + 1) }, `about: must be at most ${ABOUT_MAX} characters`],
      [{ returnsPolicy: 'y'.repeat(POLICY_MAX + 1) }, `returnsPolicy: must be at most ${POLICY_MAX} characters`],
      [{ shippingPolicy: 'Ships in\u0007 a day' }, 'shippingPolicy: must not hold control characters (only tabs and line breaks)'],
      [{ email: 'a@b.test\n' + 'x' }, 'email: must not hold control characters or line breaks'],
      [{ announcement: { text: 'Sale', link: 'javascript:alert(1)', on: true } }, 'announcement.link: must be a path starting with / or an http(s) address'],
      [{ announcement: { text: 'Sale', link: '//evil.example/x', on: true } }, 'announcement.link: must be a path starting with / or an http(s) address'],
      [{ announcement: { text: 'Sale', link: 'ftp://files.example', on: true } }, 'announcement.link: must be a path starting with / or an http(s) address'],
      [{ announcement: { text: '  ', link: '', on: true } }, 'announcement.text: is required while the bar is on'],
      [{ announcement: { text: 'Sale', link: '', on: 'yes' } }, 'announcement.on: must be true or false'],
      [{ about: 42 }, 'about: must be text'],
      [{}, 'body: must name at least one field'],
    ];
    const before = await snapshotDatabase(t.database.db);
    for (const [body, message] of cases) {
      const res = await saveDetails(body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.json()).toEqual({ success: false, message });
    }
    const unknown = await saveDetails({ colour: 'red' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().success).toBe(false);
    expect(await snapshotDatabase(t.database.db)).toEqual(before);
  });

  it('lets only an administrator write (401 for a guest, 403 for a shopper), changing nothing', async () => {
    const before = await snapshotDatabase(t.database.db);
    expect((await saveDetails({ about: 'Hijacked' }, '')).statusCode).toBe(401);
    expect((await saveDetails({ about: 'Hijacked' }, shopper.token)).statusCode).toBe(403);
    expect((await addBanner({ heading: 'Hijacked' }, await pngImage(), shopper.token)).statusCode).toBe(403);
    expect(await snapshotDatabase(t.database.db)).toEqual(before);
  });

  describe('banners', () => {
    it('adds a banner from a phone photo of several MB (turned upright, cropped to 1200×400 WebP), serves its picture', async () => {
      const photo = await phonePhoto();
      expect(photo.length).toBeGreaterThan(1024 * 1024);
      await content();
      const res = await addBanner({ heading: 'Autumn sale', text: 'A third off every book.', link: '/category/books' }, photo);
      expect(res.statusCode).toBe(201);
      const banners = res.json().banners as WireBanner[];
      expect(res.json()).toEqual({
        success: true,
        message: 'Banner added',
        banners: [{ _id: expect.any(String), heading: 'Autumn sale', text: 'A third off every book.', link: '/category/books', image: expect.any(String) }],
      });
      const [banner] = banners;
      expect(banner?.image).toMatch(new RegExp(`^/api/v1/shop/banner-image/${banner?._id}\\?v=[A-Za-z0-9_-]{16}$`));
      expect((await content()).banners).toEqual(banners);

      const picture = await call(t.app, 'GET', banner?.image ?? '');
      expect(picture.statusCode).toBe(200);
      expect(picture.headers['content-type']).toBe('image/webp');
      expect(picture.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const meta = await sharp(picture.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(['webp', 1200, 400, undefined]);
      const again = await call(t.app, 'GET', banner?.image ?? '', { headers: { 'if-none-match': String(picture.headers.etag) } });
      expect(again.statusCode).toBe(304);

      const [entry] = await auditOf('shop.banner.add');
      expect(entry).toMatchObject({ kind: 'shop', entityId: banner?._id, after: { heading: 'Autumn sale', position: 1 } });
    }, 60_000);

    it('edits, moves and deletes banners; the order is kept 1…n', async () => {
      const image = await pngImage('#336699', 64);
      const first = (await content()).banners;
      const second = (await addBanner({ heading: 'Second' }, image)).json().banners as WireBanner[];
      const third = (await addBanner({ heading: 'Third', position: '1' }, image)).json().banners as WireBanner[];
      expect(third.map((banner) => banner.heading)).toEqual(['Third', ...first.map((banner) => banner.heading), 'Second']);

      const secondId = second.at(-1)?._id ?? '';
      const oldImage = second.at(-1)?.image;
      const moved = await updateBanner(secondId, { heading: 'Second, renamed', text: 'Now first', link: 'https://example.org/', position: '1' }, await pngImage('#993311', 64));
      expect(moved.statusCode).toBe(200);
      const afterMove = moved.json().banners as WireBanner[];
      expect(afterMove.map((banner) => banner.heading)).toEqual(['Second, renamed', 'Third', ...first.map((banner) => banner.heading)]);
      expect(afterMove[0]).toMatchObject({ _id: secondId, text: 'Now first', link: 'https://example.org/' });
      expect(afterMove[0]?.image).not.toBe(oldImage);
      expect((await content()).banners).toEqual(afterMove);
      const [updated] = await auditOf('shop.banner.update');
      expect(updated).toMatchObject({ entityId: secondId, before: { heading: 'Second', position: 3 }, after: { heading: 'Second, renamed', position: 1 } });

      const deleted = await call(t.app, 'DELETE', `${BANNERS}/${secondId}`, { token: admin.token });
      expect(deleted.statusCode).toBe(200);
      expect((deleted.json().banners as WireBanner[]).map((banner) => banner.heading)).toEqual(['Third', ...first.map((banner) => banner.heading)]);
      expect((await content()).banners.map((banner) => banner._id)).not.toContain(secondId);
      expect((await call(t.app, 'GET', `/api/v1/shop/banner-image/${secondId}`)).statusCode).toBe(404);
      expect((await call(t.app, 'DELETE', `${BANNERS}/${secondId}`, { token: admin.token })).json()).toEqual({ success: false, message: 'Banner not found' });
      expect((await updateBanner(secondId, { heading: 'Ghost' })).statusCode).toBe(404);
      const positions = await t.database.db.execute(sql`select position from home_banners order by position`);
      expect((positions as unknown as { rows: { position: number }[] }).rows.map((row) => row.position)).toEqual([1, 2]);
    });

    it('refuses a bad banner with a 400 naming the field, changing nothing', async () => {
      const image = await pngImage('#123456', 32);
      const before = await snapshotDatabase(t.database.db);
      const cases: [Record<string, string>, Buffer | undefined, string][] = [
        [{ heading: 'No picture' }, undefined, 'image: is required'],
        [{ heading: 'Not a picture' }, Buffer.from('just some text, not an image'), 'image: must be a JPEG, PNG, WebP, GIF or AVIF image'],
        [{ heading: 'h'.repeat(BANNER_HEADING_MAX + 1) }, image, `heading: must be at most ${BANNER_HEADING_MAX} characters`],
        [{ heading: 'Bad link', link: 'javascript:alert(1)' }, image, 'link: must be a path starting with / or an http(s) address'],
        [{ heading: 'Bad place', position: '0' }, image, 'position: must be 1 or more'],
        [{ heading: 'Bad place', position: String(BANNERS_MAX + 1) }, image, `position: must be ${BANNERS_MAX} or less`],
      ];
      for (const [fields, file, message] of cases) {
        const res = await addBanner(fields, file);
        expect(res.statusCode, message).toBe(400);
        expect(res.json()).toEqual({ success: false, message });
      }
      expect(await snapshotDatabase(t.database.db)).toEqual(before);
    });

    it(`refuses a banner past the ${BANNERS_MAX}th`, async () => {
      const image = await pngImage('#654321', 32);
      for (let count = (await content()).banners.length; count < BANNERS_MAX - 2; count++) {
        expect((await addBanner({ heading: `Filler ${count}` }, image)).statusCode).toBe(201);
      }
      // Four at once for the last two places: two are added, two refused, never a ninth.
      const racing = await Promise.all([1, 2, 3, 4].map((n) => addBanner({ heading: `Racer ${n}` }, image)));
      expect(racing.map((res) => res.statusCode).sort()).toEqual([201, 201, 400, 400]);
      expect((await content()).banners).toHaveLength(BANNERS_MAX);
      const before = await snapshotDatabase(t.database.db);
      const res = await addBanner({ heading: 'One too many' }, image);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ success: false, message: `image: the shop has ${BANNERS_MAX} banners, the most it may have` });
      expect(await snapshotDatabase(t.database.db)).toEqual(before);
    });
  });
});

describe('a change made outside the app (SQL, another process)', () => {
  it('reaches the cached shop content through the database’s notice', async () => {
    const t = await createTestApp();
    try {
      expect((await call(t.app, 'GET', CONTENT)).json().details.about).toBe('');
      await t.database.db.execute(sql`insert into shop_details (id, about) values (1, 'Written elsewhere')`);
      await t.noticesSettled();
      expect((await call(t.app, 'GET', CONTENT)).json().details.about).toBe('Written elsewhere');
    } finally {
      await t.close();
    }
  });
});
