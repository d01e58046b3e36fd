import { DEFAULT_PRIMARY_COLOUR } from '@trailpass/contract';
import { describe, expect, it } from 'vitest';
import { makeData, makeOffer, makePartner } from '../../test/fixtures';
import { primaryColour } from './selectors';

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
});
