// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { readBrandName } from './brand.ts';

function documentWithBrand(content: string | undefined): Document {
  const doc = document.implementation.createHTMLDocument('');
  if (content !== undefined) {
    const meta = doc.createElement('meta');
    meta.name = 'app-brand';
    meta.content = content;
    doc.head.append(meta);
  }
  return doc;
}

describe('readBrandName', () => {
  it('reads the brand the server wrote into the page', () => {
    expect(readBrandName(documentWithBrand('Créditos Catrachos & Cía'))).toBe('Créditos Catrachos & Cía');
  });

  it.each([undefined, '', '__BRAND_NAME__'])('falls back to the default brand (%o)', (content) => {
    expect(readBrandName(documentWithBrand(content))).toBe('Préstamos HN');
  });
});
