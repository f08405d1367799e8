/**
 * Which documents the browser can preview, by file extension (the server's content type follows
 * the same extension table): images and PDFs inline, plain text in a frame; anything else is
 * only downloaded.
 */
export type PreviewKind = 'image' | 'pdf' | 'text' | null;

const IMAGE = new Set(['png', 'jpg', 'jpeg', 'gif', 'webp', 'svg', 'bmp', 'avif']);
const TEXT = new Set(['txt', 'csv', 'md', 'json', 'xml', 'html', 'htm', 'beancount', 'bean', 'zhang']);

export function previewKind(path: string): PreviewKind {
  const name = path.split(/[\\/]/).pop() ?? '';
  const dot = name.lastIndexOf('.');
  if (dot <= 0) return null;
  const ext = name.slice(dot + 1).toLowerCase();
  if (IMAGE.has(ext)) return 'image';
  if (ext === 'pdf') return 'pdf';
  if (TEXT.has(ext)) return 'text';
  return null;
}

export function fileName(path: string): string {
  return path.split(/[\\/]/).pop() ?? path;
}
