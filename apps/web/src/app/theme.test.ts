import { getContrastRatio } from '@mui/material/styles';
import { DEFAULT_PRIMARY_COLOUR } from '@trailpass/contract';
import { describe, expect, it } from 'vitest';
import { primaryColour } from '../features/app-data';
import { makeData, makeOffer, makePartner } from '../test/fixtures';
import { accessiblePrimary, createAppTheme } from './theme';

describe('primary colour', () => {
  it('comes from the offer, else the partner, else #006AAF', () => {
    expect(primaryColour(makeData())).toBe('#C26A1B');
    expect(primaryColour(makeData({ offer: makeOffer({ styles: null }) }))).toBe('#0B6E8A');
    expect(
      primaryColour(makeData({ offer: makeOffer({ styles: null }), partner: makePartner({ styles: null }) })),
    ).toBe(DEFAULT_PRIMARY_COLOUR);
    expect(primaryColour(undefined)).toBe('#006AAF');
  });

  it('ignores a colour that is not 6 hex digits', () => {
    const bad = makeData({ offer: makeOffer({ styles: { colors: { primary: { main: 'red; x' } } } }) });
    expect(primaryColour(bad)).toBe('#0B6E8A');
  });

  it('keeps readable colours and darkens pale ones to 4.5:1 against white', () => {
    expect(accessiblePrimary('#006AAF')).toBe('#006AAF');
    expect(accessiblePrimary('#B03A2E')).toBe('#B03A2E');
    const adjusted = accessiblePrimary('#C26A1B');
    expect(getContrastRatio(adjusted, '#fff')).toBeGreaterThanOrEqual(4.5);
    expect(createAppTheme('#006AAF').palette.primary.main).toBe('#006AAF');
  });
});
