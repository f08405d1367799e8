import { describe, expect, it } from 'vitest';
import { fileName, previewKind } from '../../../../renderer/pages/documents/document-kind';

describe('document previews', () => {
  it('previews images, PDFs and text by extension, case-insensitively', () => {
    expect(previewKind('documents/scan.JPG')).toBe('image');
    expect(previewKind('a/b/statement.pdf')).toBe('pdf');
    expect(previewKind('letter.txt')).toBe('text');
    expect(previewKind('archive.zip')).toBe(null);
    expect(previewKind('documents/.hidden')).toBe(null);
    expect(previewKind('README')).toBe(null);
  });

  it('names the file by its last path part', () => {
    expect(fileName('documents/2024/receipt.pdf')).toBe('receipt.pdf');
    expect(fileName('docs\\win\\r.png')).toBe('r.png');
  });
});
