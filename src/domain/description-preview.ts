/** Preview lengths of spec.md section 9. */
export const CARD_PREVIEW_LENGTH = 30;
export const SIMILAR_PREVIEW_LENGTH = 60;

/** The first `length` characters followed by an ellipsis (spec: "first 30 characters ... followed by an ellipsis"). */
export function descriptionPreview(description: string, length: number = CARD_PREVIEW_LENGTH): string {
  const chars = Array.from(description);
  return `${chars.slice(0, length).join('')}...`;
}
