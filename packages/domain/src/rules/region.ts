import { isRegionBound, isRole } from '../catalog/roles';

/** The region a query runs in: `null` means every region. */
export type RegionDecision = { allowed: true; region: string | null } | { allowed: false };

/**
 * Region binding (SPEC.md section 6). DS_MK and DS_FRIT may pick any region or none (all regions).
 * Every other role only ever sees its own region: asking for nothing gives its own region, asking
 * for another one is refused, and a region-bound user without a region sees nothing.
 */
export function resolveRegion(
  user: { authority: string; region: string },
  requested: string | null | undefined,
): RegionDecision {
  const wanted = requested?.trim() || null;
  if (!isRole(user.authority)) return { allowed: false };
  if (!isRegionBound(user.authority)) return { allowed: true, region: wanted };
  const own = user.region.trim();
  if (own === '') return { allowed: false };
  if (wanted !== null && wanted !== own) return { allowed: false };
  return { allowed: true, region: own };
}
