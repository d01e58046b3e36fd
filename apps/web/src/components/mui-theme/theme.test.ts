import { getContrastRatio } from '@mui/material/styles';
import { describe, expect, it } from 'vitest';
import { accessiblePrimary, createAppTheme } from './theme';

describe('the MUI theme in the pass colour', () => {
  it('keeps readable colours and darkens pale ones to 4.5:1 against white', () => {
    expect(accessiblePrimary('#006AAF')).toBe('#006AAF');
    expect(accessiblePrimary('#B03A2E')).toBe('#B03A2E');
    const adjusted = accessiblePrimary('#C26A1B');
    expect(getContrastRatio(adjusted, '#fff')).toBeGreaterThanOrEqual(4.5);
    expect(createAppTheme('#006AAF').palette.primary.main).toBe('#006AAF');
  });

  it('is made once per colour', () => {
    expect(createAppTheme('#C26A1B')).toBe(createAppTheme('#C26A1B'));
    expect(createAppTheme('#C26A1B')).not.toBe(createAppTheme('#006AAF'));
  });
});
