import { describe, expect, it } from 'vitest';
import {
  applyTileState,
  hasBlockingOffer,
  isBlockingOfferStatus,
  isProductSelectable,
  loanRequestBlockers,
  orderProductTiles,
  type LoanRequestContext,
} from './offers.ts';

const ordinaryDay = new Date('2027-03-10T15:00:00Z');
const holyWeek = new Date('2027-04-17T15:00:00Z');

describe('blocking offers', () => {
  it.each<[number | string, boolean]>([
    [0, true],
    [1, true],
    [2, false],
    [3, true],
    [4, false],
    [5, true],
    [6, false],
    [7, false],
    [8, true],
    ['8', true],
    ['x', false],
  ])('status %j blocks: %s', (status, blocks) => {
    expect(isBlockingOfferStatus(status)).toBe(blocks);
  });

  it('finds a blocking offer in a list', () => {
    expect(hasBlockingOffer([{ status: 2 }, { status: 4 }])).toBe(false);
    expect(hasBlockingOffer([{ status: 2 }, { status: '5' }])).toBe(true);
    expect(hasBlockingOffer([])).toBe(false);
  });
});

describe('applyTileState', () => {
  it.each<[string, Date, string, boolean, ReturnType<typeof applyTileState>]>([
    ['approved and allowed', ordinaryDay, '1', true, { enabled: true }],
    [
      'in validation',
      ordinaryDay,
      '0',
      true,
      {
        enabled: false,
        reason: 'profileInValidation',
        message: 'Tu perfil sigue en proceso de validación. No puedes aún.',
      },
    ],
    [
      'outside the allowed cities',
      ordinaryDay,
      '1',
      false,
      {
        enabled: false,
        reason: 'locationNotAllowed',
        message: 'Lo sentimos, actualmente esta función no está permitida en tu ubicación.',
      },
    ],
    ['in Holy Week', holyWeek, '1', true, { enabled: false, reason: 'holyWeek', message: null }],
  ])('%s', (_, now, profileStatus, isLocationAllowed, state) => {
    expect(applyTileState({ now, profileStatus, isLocationAllowed })).toEqual(state);
  });
});

describe('loanRequestBlockers', () => {
  const ok: LoanRequestContext = {
    now: ordinaryDay,
    profileStatus: '1',
    city: 'San Pedro Sula',
    productId: 2,
    allowedProductIds: ['1', '2'],
    offers: [{ status: 4 }],
    hasCompleteReferences: true,
  };

  it.each<[Partial<LoanRequestContext>, string[]]>([
    [{}, []],
    [{ now: holyWeek }, ['holyWeek']],
    [{ profileStatus: '0' }, ['profileNotApproved']],
    [{ city: 'Juticalpa' }, ['locationNotAllowed']],
    [{ city: null }, ['locationNotAllowed']],
    [{ productId: 3 }, ['productNotAllowed']],
    [{ offers: [{ status: 8 }] }, ['blockingOffer']],
    // The server's list also has the collections stages (decision 014), which the tiles' list lacks.
    [{ offers: [{ status: 9 }] }, ['blockingOffer']],
    [{ offers: [{ status: '10' }] }, ['blockingOffer']],
    [{ offers: [{ status: 2 }, { status: 11 }] }, ['blockingOffer']],
    [{ offers: [{ status: 2 }, { status: 4 }, { status: 7 }] }, []],
    [{ hasCompleteReferences: false }, ['referencesIncomplete']],
    [
      { profileStatus: '0', offers: [{ status: 0 }], city: 'Tela' },
      ['profileNotApproved', 'locationNotAllowed', 'blockingOffer'],
    ],
  ])('%j gives %j', (change, blockers) => {
    expect(loanRequestBlockers({ ...ok, ...change })).toEqual(blockers);
  });
});

describe('product tiles', () => {
  it.each<[number | string, (number | string)[], { status: number }[], string, boolean]>([
    [1, [1, 2], [], '1', true],
    ['1', [1], [{ status: 4 }], '1', true],
    [3, [1, 2], [], '1', false],
    [1, [1], [{ status: 3 }], '1', false],
    // The tiles keep the SPEC's list: a loan in collections does not disable them (the server refuses).
    [1, [1], [{ status: 10 }], '1', true],
    [1, [1], [], '0', false],
  ])(
    'product %j of %j with offers %j, status %s: %s',
    (productId, allowedProductIds, offers, profileStatus, ok) => {
      expect(isProductSelectable({ productId, allowedProductIds, offers, profileStatus })).toBe(ok);
    },
  );

  it.each<[string[], string[]]>([
    [[], []],
    [['a'], ['a']],
    [
      ['a', 'b'],
      ['a', 'b'],
    ],
    [
      ['a', 'b', 'c'],
      ['a', 'c', 'b'],
    ],
    [
      ['a', 'b', 'c', 'd'],
      ['a', 'b', 'd', 'c'],
    ],
  ])('orders %j as %j', (products, ordered) => {
    expect(orderProductTiles(products)).toEqual(ordered);
  });
});
