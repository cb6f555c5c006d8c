import { useQuery } from '@tanstack/react-query';
import { profileQueryOptions, selectProfileData } from '../../../lib/shared-queries';

/** getProfile.php, as the home screen reads it: status, review outcome, references. */
export function useHomeProfile() {
  return useQuery({ ...profileQueryOptions(), select: selectProfileData });
}
