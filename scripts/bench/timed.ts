/** Run `work`, then print how long it took, the label padded to `width`. */
export async function timed<T>(label: string, work: () => Promise<T>, width = 46): Promise<T> {
  const started = performance.now();
  const result = await work();
  console.log(`${label.padEnd(width)} ${((performance.now() - started) / 1000).toFixed(2)} s`);
  return result;
}
