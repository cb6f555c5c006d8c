import { describe, expect, it } from 'vitest';
import {
  EARLY_CALL_MAX_AGE_MS,
  EARLY_CALLS_PROPERTY,
  earlyCallUrls,
  takeEarlyCall,
  type EarlyCall,
} from './early-calls';

const TABLE = {
  '/': ['/api/app/getProfile.php', '/api/app/getCustomerOfferList.php'],
  '/perfil': ['/api/app/getProfile.php'],
  '/plan/:id': ['/api/app/getCustomerOfferList.php'],
};

describe('earlyCallUrls (which calls the head script sends at an address)', () => {
  it.each([
    ['#/', TABLE['/']],
    ['#/?x=1', TABLE['/']],
    ['#/PERFIL', TABLE['/perfil']],
    ['#/plan/12', TABLE['/plan/:id']],
    ['#/plan', []],
    ['#/perfil/3', []],
    ['#/plan/12/otra', []],
    ['#/toString', []],
    ['#/constructor', []],
  ])('at %j: %j', (hash, urls) => {
    expect(earlyCallUrls(hash, TABLE)).toEqual(urls);
  });

  it('runs as its own source text, as the head script runs it', () => {
    const standalone = new Function(`return (${earlyCallUrls.toString()});`)() as typeof earlyCallUrls;
    expect(standalone('#/plan/7', TABLE)).toEqual(TABLE['/plan/:id']);
    expect(standalone('#/registro', TABLE)).toEqual([]);
  });
});

describe('takeEarlyCall (the app takes the answer of a request the page sent)', () => {
  const answer = Promise.resolve(new Response('{}'));
  const holderWith = (...calls: EarlyCall[]) => ({ [EARLY_CALLS_PROPERTY]: calls });
  const call = (url: string, body: string, sentAt = 100): EarlyCall => ({
    url,
    body,
    sentAt,
    response: answer,
  });

  it('answers the same request once; the next call goes to the network', () => {
    const holder = holderWith(call('/api/app/getProfile.php', '{"sid":"a"}'));
    expect(takeEarlyCall('/api/app/getProfile.php', '{"sid":"a"}', 200, holder)).toBe(answer);
    expect(takeEarlyCall('/api/app/getProfile.php', '{"sid":"a"}', 200, holder)).toBeNull();
  });

  it('never answers another address or another body (another session, an input)', () => {
    const holder = holderWith(call('/api/app/getProfile.php', '{"sid":"a"}'));
    expect(takeEarlyCall('/api/app/getLocations.php', '{"sid":"a"}', 200, holder)).toBeNull();
    expect(takeEarlyCall('/api/app/getProfile.php', '{"sid":"b"}', 200, holder)).toBeNull();
    expect(takeEarlyCall('/api/app/getProfile.php', '{"x":1,"sid":"a"}', 200, holder)).toBeNull();
    expect(takeEarlyCall('/api/app/getProfile.php', '{"sid":"a"}', 200, holder)).toBe(answer);
  });

  it('drops an answer older than the limit: the app asks again', () => {
    const holder = holderWith(call('/api/app/getProfile.php', '{"sid":"a"}', 100));
    expect(
      takeEarlyCall('/api/app/getProfile.php', '{"sid":"a"}', 101 + EARLY_CALL_MAX_AGE_MS, holder),
    ).toBeNull();
    expect(holder[EARLY_CALLS_PROPERTY]).toEqual([]);
  });

  it('is null when the page sent none (the property missing)', () => {
    expect(takeEarlyCall('/api/app/getProfile.php', '{"sid":"a"}', 0, {})).toBeNull();
  });
});
