import { TRACKING_NUMBER_PATTERN } from '@trailpass/contract/console';
import { describe, expect, it } from 'vitest';
import { TRACKING_NUMBER, toMarkShippedRequest } from './shipForm';

describe('toMarkShippedRequest', () => {
  it('sends the carrier with a tracking number, a link or both, trimmed; empty ones as null', () => {
    expect(toMarkShippedRequest({ carrier: ' UPS ', trackingNumber: ' 1Z 999 ', trackingUrl: '' })).toEqual({
      request: { carrier: 'UPS', trackingNumber: '1Z 999', trackingUrl: null },
    });
    expect(
      toMarkShippedRequest({ carrier: 'USPS', trackingNumber: '', trackingUrl: 'https://t.example/9400' }),
    ).toEqual({ request: { carrier: 'USPS', trackingNumber: null, trackingUrl: 'https://t.example/9400' } });
  });

  it('names each field that keeps it from being sent', () => {
    expect(toMarkShippedRequest({ carrier: ' ', trackingNumber: '', trackingUrl: '' })).toEqual({
      errors: {
        carrier: 'The carrier is required.',
        trackingNumber: 'Enter a tracking number or a tracking link.',
      },
    });
    expect(
      toMarkShippedRequest({ carrier: 'UPS', trackingNumber: '1Z/999', trackingUrl: 'http://t.example/1' }),
    ).toEqual({
      errors: {
        trackingNumber: 'Use only letters, digits, spaces and dashes.',
        trackingUrl: 'Enter a tracking link that starts with https://.',
      },
    });
    expect(
      toMarkShippedRequest({ carrier: 'UPS', trackingNumber: '', trackingUrl: 'not a link' }),
    ).toMatchObject({
      errors: { trackingUrl: 'Enter a tracking link that starts with https://.' },
    });
  });

  it('uses the contract’s tracking number pattern', () => {
    expect(TRACKING_NUMBER.source).toBe(TRACKING_NUMBER_PATTERN.source);
  });
});
