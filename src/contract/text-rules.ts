/** The rule for text, without zod: the web app's first load may use it (see limits.ts). */

/**
 * The one rule for text: well-formed Unicode (no lone UTF-16 surrogate) and no control character, except
 * tab and newline in multi-line text (a CR or CRLF line end there is read as a newline). PostgreSQL
 * refuses NUL and ill-formed text; nothing a user types needs the other control characters.
 */
const LONE_SURROGATE = /\p{Cs}/u;
const CONTROL_SINGLE_LINE = /\p{Cc}/u;
const CONTROL_MULTI_LINE = /[^\P{Cc}\t\n]/u;

export function textProblem(value: string, multiline = false): string | null {
  if (LONE_SURROGATE.test(value)) return 'must be valid text (it holds a broken character)';
  if ((multiline ? CONTROL_MULTI_LINE : CONTROL_SINGLE_LINE).test(value)) {
    return multiline
      ? 'must not hold control characters (only tabs and line breaks)'
      : 'must not hold control characters or line breaks';
  }
  return null;
}
