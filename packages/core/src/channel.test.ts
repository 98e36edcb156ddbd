import { describe, expect, it } from 'vitest';
import {
  CHANNEL_HOST_MARKERS,
  channelParamOf,
  detectChannel,
  hostMarkerOf,
  isMiniProgram,
  partnerOf,
  referrerOf,
} from './channel.ts';

const APP = 'https://app.inspo.example/productimage';

describe('channel detection', () => {
  it('treats a plain visit as the web channel', () => {
    expect(detectChannel(`${APP}/home`)).toEqual({
      kind: 'web',
      miniProgram: false,
      partner: null,
      channel: null,
      referrer: null,
      host: 'app.inspo.example',
    });
    expect(isMiniProgram(`${APP}/home?login=1`)).toBe(false);
  });

  it('reads any non-empty channel parameter as the mini-program', () => {
    expect(isMiniProgram(`${APP}/ai-cutout?channel=wechat`)).toBe(true);
    expect(channelParamOf(`${APP}/?channel=%20wechat%20`)).toBe('wechat');
    expect(isMiniProgram(`${APP}/?channel=`)).toBe(false);
    expect(isMiniProgram(`${APP}/?channel=%20`)).toBe(false);
    const info = detectChannel(`${APP}/?channel=wechat`);
    expect(info.kind).toBe('miniProgram');
    expect(info.channel).toBe('wechat');
  });

  it('recognises the mini-program host marker', () => {
    const info = detectChannel('https://mp-inspo.example.cn:8443/productimage/');
    expect(info).toMatchObject({ kind: 'miniProgram', miniProgram: true, partner: null, host: 'mp-inspo.example.cn:8443' });
  });

  it('recognises each partner site by host, case-insensitively, as mini-program mode', () => {
    expect(partnerOf('https://MALL-INSPO.partner.example/productimage/')).toBe('partnerMall');
    expect(partnerOf('https://shop-inspo.localhost:3000/')).toBe('partnerShop');
    expect(partnerOf('https://live-inspo.partner.example/')).toBe('partnerLive');
    const info = detectChannel('https://live-inspo.partner.example/productimage/?referrer=live');
    expect(info).toMatchObject({ kind: 'partner', miniProgram: true, partner: 'partnerLive', referrer: 'live' });
  });

  it('keeps every marker distinct so one host never means two channels', () => {
    const markers = Object.values(CHANNEL_HOST_MARKERS);
    for (const marker of markers) {
      expect(markers.filter((other) => other.includes(marker))).toEqual([marker]);
      expect(hostMarkerOf(`${marker}.example`)).not.toBeNull();
    }
  });

  it('only looks at the host for markers, not the path or query', () => {
    expect(isMiniProgram(`${APP}/mp-inspo?x=mall-inspo`)).toBe(false);
    expect(partnerOf(`${APP}/?next=https://shop-inspo.example`)).toBeNull();
  });

  it('passes a well-formed referrer on and drops anything else', () => {
    expect(referrerOf(`${APP}/?referrer=modi`)).toBe('modi');
    expect(referrerOf(`${APP}/?referrer=partner_a.v2`)).toBe('partner_a.v2');
    expect(referrerOf(`${APP}/`)).toBeNull();
    expect(referrerOf(`${APP}/?referrer=%3Cscript%3E`)).toBeNull();
    expect(referrerOf(`${APP}/?referrer=${'a'.repeat(65)}`)).toBeNull();
  });

  it('accepts URL objects and answers the web channel for unparsable input', () => {
    expect(isMiniProgram(new URL(`${APP}/?channel=alipay`))).toBe(true);
    expect(detectChannel('not a url').kind).toBe('web');
    expect(isMiniProgram('not a url')).toBe(false);
    expect(referrerOf('::')).toBeNull();
  });
});
