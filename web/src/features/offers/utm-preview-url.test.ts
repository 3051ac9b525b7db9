import { describe, expect, it } from '@jest/globals';
import { DEFAULT_UTM_TEMPLATE } from '@tracker/schemas';
import { previewOfferUrl, SAMPLE_CLICK } from './utm-preview-url';

describe('offer URL preview', () => {
  it('fills the default template for the sample click', () => {
    expect(previewOfferUrl('https://offer.example/shop', DEFAULT_UTM_TEMPLATE)).toEqual({
      kind: 'url',
      url: `https://offer.example/shop?sub1=${SAMPLE_CLICK['{clickId}']}&sub2=1801234567890123&sub3=1801234567890456&sub4=1801234567890789&sub5=PLACEMENT_TIKTOK`,
    });
  });

  it('URL-encodes the values and the typed text, keeps the offer query and puts the fragment last', () => {
    expect(previewOfferUrl(' https://Shöp.example/o?aff=7#top ', '?cn={campaignName}&cr={creativeName}&note=pür')).toEqual({
      kind: 'url',
      url: 'https://xn--shp-tna.example/o?aff=7&cn=Summer%20Sale%20US&cr=UGC%20video%20%233&note=p%C3%BCr#top',
    });
  });

  it('shows the offer URL alone for an empty template', () => {
    expect(previewOfferUrl('https://offer.example/', '  ')).toEqual({ kind: 'url', url: 'https://offer.example/' });
  });

  it('names an unknown token and the valid ones instead of a preview', () => {
    const preview = previewOfferUrl('https://offer.example/', 'sub1={clickID}');
    expect(preview).toEqual({ kind: 'problem', message: expect.stringContaining('Unknown token {clickID}') });
    expect(preview.kind === 'problem' && preview.message).toContain('Valid tokens: {clickId}, {campaign}');
  });

  it('asks for an offer URL before previewing', () => {
    expect(previewOfferUrl('', DEFAULT_UTM_TEMPLATE).kind).toBe('incomplete');
    expect(previewOfferUrl('offer.example/x', DEFAULT_UTM_TEMPLATE).kind).toBe('incomplete');
  });
});
