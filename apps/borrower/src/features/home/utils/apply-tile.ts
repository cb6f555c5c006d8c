import type { ProfileData } from '@prestamos-hn/contract';
import {
  applyTileState,
  hasCompleteReferences,
  isProfileApproved,
  profileErrorToShow,
  todayInTegucigalpa,
  type ProfileErrorCode,
} from '@prestamos-hn/domain';
import { HOLY_WEEK_MESSAGE } from './home-texts';

/** The validation notice while the profile is not approved (SPEC section 4). */
export type ValidationNotice = { kind: 'reviewError'; code: ProfileErrorCode } | { kind: 'changesReceived' };

export type ApplyTileView =
  | { state: 'enabled'; needsReferences: boolean }
  | { state: 'checkingLocation' }
  | { state: 'disabled'; message: string };

type LocationState = 'pending' | 'allowed' | 'notAllowed';

/**
 * The Aplicar tile (SPEC section 4): disabled in Holy Week, while the profile is in validation, or
 * outside the allowed cities; otherwise enabled, asking for the references first when one is
 * incomplete. While an approved borrower's location is being checked it waits.
 */
export function applyTileView(input: {
  now: Date;
  profile: Pick<
    ProfileData,
    'status' | 'ref_tipo_per' | 'ref_nom_per' | 'ref_tel_per' | 'ref_tipo_lab' | 'ref_nom_lab' | 'ref_tel_lab'
  >;
  location: LocationState;
}): ApplyTileView {
  const { now, profile, location } = input;
  if (isProfileApproved(profile.status) && location === 'pending') {
    const closed = applyTileState({ now, profileStatus: profile.status, isLocationAllowed: true });
    if (closed.enabled) return { state: 'checkingLocation' };
  }
  const tile = applyTileState({
    now,
    profileStatus: profile.status,
    isLocationAllowed: location === 'allowed',
  });
  if (tile.enabled) return { state: 'enabled', needsReferences: !hasCompleteReferences(profile) };
  return {
    state: 'disabled',
    message: tile.reason === 'holyWeek' ? HOLY_WEEK_MESSAGE : (tile.message ?? ''),
  };
}

/** The notice under the tiles while the profile is not approved; null once approved. */
export function validationNotice(
  profile: Pick<ProfileData, 'status' | 'errores_perfil' | 'modified'>,
  now: Date,
): ValidationNotice | null {
  if (isProfileApproved(profile.status)) return null;
  const code = profileErrorToShow(profile, todayInTegucigalpa(now));
  return code === null ? { kind: 'changesReceived' } : { kind: 'reviewError', code };
}
