import { locationMessages } from '@prestamos-hn/contract';
import { LOCATION_LOOKUP_ERROR_MESSAGE, UNKNOWN_LABEL } from '@prestamos-hn/domain';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { borrowerLocations } from '../src/db/schema/index.ts';
import type { Geocoder } from '../src/integrations/index.ts';
import { getLastKnownLocation, isBorrowerLocationAllowed } from '../src/services/locations.ts';
import { sessionFor } from './support/borrowers.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
let geocoderDown = false;
beforeAll(async () => {
  t = await createTestApp();
  const real = t.deps.integrations.geocoder;
  const flaky: Geocoder = {
    reverse: (lat, lon) =>
      geocoderDown ? Promise.reject(new Error('geocoder down')) : real.reverse(lat, lon),
  };
  // The app and the test share one integrations object: swap the geocoder in place.
  Object.assign(t.deps.integrations, { geocoder: flaky });
});
afterAll(() => t.close());

const TEGUCIGALPA = { latitude: 14.0818, longitude: -87.2068 };
const SAN_PEDRO_SULA = { latitude: 15.50585, longitude: -88.02588 };
const JUTICALPA = { latitude: 14.6667, longitude: -86.2167 };
const MADRID = { latitude: 40.4, longitude: -3.7 };

/** POSTs a location from a client IP, with the body's own (ignored) idClient and ip. */
async function post(sid: string, body: Record<string, unknown>, remoteAddress = '203.0.113.7') {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/app/post_locations',
    remoteAddress,
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({
      sid,
      idClient: 1,
      ip: '1.1.1.1',
      navegador: 'Chrome',
      sistema_operativo: 'Android',
      ...body,
    }),
  });
  return { statusCode: res.statusCode, json: res.json() as { status: string; payload: unknown } };
}

describe('post_locations', () => {
  it('answers Tegucigalpa, allowed, and stores the point with the IP the server saw', async () => {
    const { sid, borrowerId } = await sessionFor(t.deps);
    const res = await post(sid, { latitude: 14.08184321, longitude: -87.20679876 });
    expect(res.statusCode).toBe(200);
    expect(res.json).toEqual({
      status: 'OK',
      payload: {
        city: 'Tegucigalpa',
        municipality: 'Distrito Central',
        department: 'Francisco Morazán',
        allowed: true,
      },
    });
    const rows = await t.deps.db
      .select()
      .from(borrowerLocations)
      .where(eq(borrowerLocations.borrowerId, borrowerId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      latitude: 14.0818,
      longitude: -87.2068,
      city: 'Tegucigalpa',
      municipalityCode: '0801',
      ip: '203.0.113.7',
      browser: 'Chrome',
      os: 'Android',
      createdAt: t.clock.now(),
    });
  });

  it('answers San Pedro Sula as allowed, coordinates sent as numeric strings', async () => {
    const { sid } = await sessionFor(t.deps);
    const res = await post(sid, {
      latitude: String(SAN_PEDRO_SULA.latitude),
      longitude: String(SAN_PEDRO_SULA.longitude),
    });
    expect(res.json.payload).toEqual({
      city: 'San Pedro Sula',
      municipality: 'San Pedro Sula',
      department: 'Cortés',
      allowed: true,
    });
  });

  it('answers a Honduran town outside the list as not allowed', async () => {
    const { sid } = await sessionFor(t.deps);
    const res = await post(sid, JUTICALPA);
    expect(res.json.payload).toEqual({
      city: 'Juticalpa',
      municipality: 'Juticalpa',
      department: 'Olancho',
      allowed: false,
    });
  });

  it('answers a point outside Honduras with no city, not allowed, and still records it', async () => {
    const { sid, borrowerId } = await sessionFor(t.deps);
    const res = await post(sid, MADRID, '198.51.100.20');
    expect(res.json).toEqual({
      status: 'OK',
      payload: { city: null, municipality: null, department: null, allowed: false },
    });
    expect(await getLastKnownLocation(t.deps, borrowerId)).toMatchObject({
      city: null,
      municipalityCode: null,
      allowed: false,
    });
  });

  it('stores Desconocido when the browser does not name itself', async () => {
    const { sid, borrowerId } = await sessionFor(t.deps);
    await post(sid, { ...TEGUCIGALPA, navegador: undefined, sistema_operativo: undefined });
    const [row] = await t.deps.db
      .select()
      .from(borrowerLocations)
      .where(eq(borrowerLocations.borrowerId, borrowerId));
    expect(row).toMatchObject({ browser: UNKNOWN_LABEL, os: UNKNOWN_LABEL });
  });

  it('refuses bad coordinates and device names with a Spanish message, storing nothing', async () => {
    const { sid, borrowerId } = await sessionFor(t.deps);
    const cases: [Record<string, unknown>, string][] = [
      [{ latitude: 91, longitude: 0 }, locationMessages.invalidLatitude],
      [{ latitude: 'norte', longitude: 0 }, locationMessages.invalidLatitude],
      [{ latitude: null, longitude: 0 }, locationMessages.invalidLatitude],
      [{ longitude: -87 }, locationMessages.invalidLatitude],
      [{ latitude: 14, longitude: -180.5 }, locationMessages.invalidLongitude],
      [{ latitude: 14, longitude: '' }, locationMessages.invalidLongitude],
      [{ ...TEGUCIGALPA, navegador: 'x'.repeat(101) }, locationMessages.invalidBrowser],
      [{ ...TEGUCIGALPA, sistema_operativo: 42 }, locationMessages.invalidSystem],
    ];
    for (const [body, message] of cases) {
      const res = await post(sid, body);
      expect(res.statusCode).toBe(200);
      expect(res.json.status).toBe('ER');
      expect((res.json.payload as { message: string }).message).toBe(message);
    }
    expect(await getLastKnownLocation(t.deps, borrowerId)).toBeNull();
  });

  it('answers the lookup error and keeps the last location when the geocoder fails', async () => {
    const { sid, borrowerId } = await sessionFor(t.deps);
    await post(sid, TEGUCIGALPA);
    geocoderDown = true;
    try {
      const res = await post(sid, JUTICALPA);
      expect(res.json).toEqual({ status: 'ER', payload: { message: LOCATION_LOOKUP_ERROR_MESSAGE } });
    } finally {
      geocoderDown = false;
    }
    expect(await isBorrowerLocationAllowed(t.deps, borrowerId)).toBe(true);
  });
});

describe('the last known location', () => {
  it('is null and not allowed for a borrower who never sent one', async () => {
    const { borrowerId } = await sessionFor(t.deps);
    expect(await getLastKnownLocation(t.deps, borrowerId)).toBeNull();
    expect(await isBorrowerLocationAllowed(t.deps, borrowerId)).toBe(false);
  });

  it('follows the newest location, per borrower', async () => {
    const ana = await sessionFor(t.deps);
    const beto = await sessionFor(t.deps);
    await post(ana.sid, TEGUCIGALPA);
    await post(beto.sid, JUTICALPA);
    expect(await isBorrowerLocationAllowed(t.deps, ana.borrowerId)).toBe(true);
    expect(await isBorrowerLocationAllowed(t.deps, beto.borrowerId)).toBe(false);

    t.clock.advance(60_000);
    await post(ana.sid, JUTICALPA);
    expect(await isBorrowerLocationAllowed(t.deps, ana.borrowerId)).toBe(false);
    t.clock.advance(60_000);
    await post(ana.sid, SAN_PEDRO_SULA);
    expect(await getLastKnownLocation(t.deps, ana.borrowerId)).toMatchObject({
      city: 'San Pedro Sula',
      municipality: 'San Pedro Sula',
      department: 'Cortés',
      municipalityCode: '0501',
      latitude: 15.5059,
      longitude: -88.0259,
      allowed: true,
      at: t.clock.now(),
    });
    expect(await isBorrowerLocationAllowed(t.deps, beto.borrowerId)).toBe(false);

    const rows = await t.deps.db
      .select({ city: borrowerLocations.city })
      .from(borrowerLocations)
      .where(eq(borrowerLocations.borrowerId, ana.borrowerId))
      .orderBy(desc(borrowerLocations.id));
    expect(rows.map((r) => r.city)).toEqual(['San Pedro Sula', 'Juticalpa', 'Tegucigalpa']);
  });
});
