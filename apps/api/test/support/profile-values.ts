// Fixed profile values that prepare a borrower with every mandatory field (SPEC section 4). Plain
// data, no test runner: the API suite (support/profile.ts) and the end-to-end journeys
// (e2e/support/legacy-api.ts) both prepare their borrowers with it.

/** Stage 2 as register2.php receives it. An account number is one borrower's only. */
export const stage2 = {
  UsrBan: '1',
  UsrBanNum: '31415926',
  UsrEstCiv: 'casado',
  UsrTipCli: 'asalariado',
  UsrTipViv: 'propia',
  UsrNumDep: 2,
  UsrIng: 15000,
  UsrFchLabIni: '2020-01-15',
  UsrBussines: '',
};

/** A place of the cascading lists (getLocations.php), in putProfile.php's names. */
export interface ProfilePlace {
  region: string;
  county: string;
  city: string;
}

/**
 * Every mandatory field after stage 2 but the type of dependents, as the dialogs send them to
 * putProfile.php: living and working at `place`, with both references.
 */
export function mandatoryFields(place: ProfilePlace) {
  return {
    education: 'secundaria',
    ...place,
    house: 'Casa 12, bloque B',
    address_referece: 'Frente a la pulpería',
    workplace: 'Banco Atlántida',
    workplace_position: 'Cajera',
    work_region: place.region,
    work_county: place.county,
    work_city: place.city,
    workplace_address: 'Bulevar Morazán',
    work_experience: '2020-01-15',
    ref_tipo_per: 'amigo',
    ref_nom_per: 'Ana López',
    ref_tel_per: '99001122',
    ref_correo_per: 'ana@example.com',
    ref_tipo_lab: 'jefe',
    ref_nom_lab: 'Luis Pérez',
    ref_tel_lab: '99003344',
    ref_correo_lab: '',
  };
}

/** The type of dependents, mandatory with `stage2`'s two dependents. */
export const dependentsWho = 'Tus hijos';
