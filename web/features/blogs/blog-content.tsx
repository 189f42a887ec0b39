import { paragraphs } from './blog-format.ts';

/**
 * A blog's content: plain text in paragraphs. Every character is text (React escapes it), so
 * markup a writer types shows as written and never becomes part of the page.
 */
export function BlogContent({ content }: { content: string }) {
  return (
    <div className="space-y-4 text-lg leading-relaxed text-gray-800">
      {paragraphs(content).map((paragraph, index) => (
        // Paragraphs have no identity of their own; their order is the content's.
        // biome-ignore lint/suspicious/noArrayIndexKey: the text is static once loaded
        <p key={index} className="whitespace-pre-line wrap-anywhere">
          {paragraph}
        </p>
      ))}
    </div>
  );
}
