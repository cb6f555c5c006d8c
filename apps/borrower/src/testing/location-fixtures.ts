import type { LocationAnswer } from '@prestamos-hn/contract';

// The server's answers to `post_locations`, typed by the contract: a city where loans are offered and
// one where they are not.

export const tegucigalpaFixture: LocationAnswer = {
  city: 'Tegucigalpa',
  municipality: 'Distrito Central',
  department: 'Francisco Morazán',
  allowed: true,
};

export const juticalpaFixture: LocationAnswer = {
  city: 'Juticalpa',
  municipality: 'Juticalpa',
  department: 'Olancho',
  allowed: false,
};
