import sharp from 'sharp';
import { expect } from 'vitest';

/**
 * The shop stores a fresh encoding of every photo, so the bytes served are not the bytes sent: the
 * picture is the same (same format, size and, within `tolerance` per channel, the same pixels).
 */
export async function expectSamePicture(served: Buffer, original: Buffer, tolerance = 0): Promise<void> {
  const [a, b] = await Promise.all(
    [served, original].map(async (bytes) => {
      const image = sharp(bytes);
      const { format, width, height } = await image.metadata();
      return { format, width, height, pixels: await image.removeAlpha().raw().toBuffer() };
    }),
  );
  expect([a?.format, a?.width, a?.height]).toEqual([b?.format, b?.width, b?.height]);
  let worst = 0;
  for (let i = 0; i < (a?.pixels.length ?? 0); i++) worst = Math.max(worst, Math.abs((a?.pixels[i] ?? 0) - (b?.pixels[i] ?? 0)));
  expect(worst).toBeLessThanOrEqual(tolerance);
}
