/**
 * The owner's plain text as paragraphs (a blank line between them) with its line breaks kept. Rendered as
 * text nodes, never as HTML: whatever the owner types shows as typed.
 */
export function PlainText({ text }: { text: string }) {
  const paragraphs = text.split(/\n\s*\n/).filter((paragraph) => paragraph.trim() !== '');
  return (
    <>
      {paragraphs.map((paragraph, index) => (
        <p key={index} className="plain-text">
          {paragraph.trim()}
        </p>
      ))}
    </>
  );
}
