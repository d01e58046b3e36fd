import { describe, expect, it } from 'vitest';
import { contentExportFileName, contentExportHref } from './exportLink';

describe('the content export link', () => {
  it('downloads the open offer’s zip under the name the server gives it', () => {
    expect(contentExportHref(101)).toBe('/console/api/offers/101/content/export');
    expect(contentExportFileName(101)).toBe('offer-101-content.zip');
  });
});
