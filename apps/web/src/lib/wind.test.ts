import { describe, expect, it } from 'vitest';
import { COMPASS_POINTS, windDirection } from './wind';

describe('windDirection (spec 9: 16 compass points)', () => {
  it('lists the 16 points clockwise from north', () => {
    expect(COMPASS_POINTS).toEqual([
      'N',
      'NNE',
      'NE',
      'ENE',
      'E',
      'ESE',
      'SE',
      'SSE',
      'S',
      'SSW',
      'SW',
      'WSW',
      'W',
      'WNW',
      'NW',
      'NNW',
    ]);
  });

  it('maps the centre of every slice to its point', () => {
    COMPASS_POINTS.forEach((point, index) => {
      expect(windDirection(index * 22.5)).toBe(point);
    });
  });

  it('centres each 22.5-degree slice on its point', () => {
    expect(windDirection(0)).toBe('N');
    expect(windDirection(11.24)).toBe('N');
    expect(windDirection(11.25)).toBe('NNE');
    expect(windDirection(33.74)).toBe('NNE');
    expect(windDirection(33.75)).toBe('NE');
    expect(windDirection(348.74)).toBe('NNW');
    expect(windDirection(348.75)).toBe('N');
    expect(windDirection(359.99)).toBe('N');
    expect(windDirection(202.5)).toBe('SSW');
    expect(windDirection(191.25)).toBe('SSW');
    expect(windDirection(191.24)).toBe('S');
  });

  it('accepts negative angles and angles beyond a full turn', () => {
    expect(windDirection(360)).toBe('N');
    expect(windDirection(450)).toBe('E');
    expect(windDirection(720 + 202.5)).toBe('SSW');
    expect(windDirection(-90)).toBe('W');
    expect(windDirection(-11.25)).toBe('N');
    expect(windDirection(-11.26)).toBe('NNW');
    expect(windDirection(-370)).toBe('N');
    expect(windDirection(-382)).toBe('NNW');
  });

  it('gives an empty string for a value that is not a number', () => {
    expect(windDirection(Number.NaN)).toBe('');
    expect(windDirection(Number.POSITIVE_INFINITY)).toBe('');
  });
});
