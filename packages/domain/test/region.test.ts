import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { COUNTRIES, isRegionBound, ROLES, resolveRegion } from '../src';

describe('region binding (SPEC 6)', () => {
  it('lets DS_MK and DS_FRIT choose any region or all', () => {
    expect(resolveRegion({ authority: 'DS_MK', region: 'JP' }, 'US')).toEqual({ allowed: true, region: 'US' });
    expect(resolveRegion({ authority: 'DS_FRIT', region: '' }, undefined)).toEqual({ allowed: true, region: null });
    expect(resolveRegion({ authority: 'DS_FRIT', region: 'JP' }, '')).toEqual({ allowed: true, region: null });
  });
  it('gives region-bound roles their own region when they ask for none or their own', () => {
    expect(resolveRegion({ authority: 'DS_ST', region: 'JP' }, null)).toEqual({ allowed: true, region: 'JP' });
    expect(resolveRegion({ authority: 'DS_LHQIT', region: 'US' }, 'US')).toEqual({ allowed: true, region: 'US' });
  });
  it('refuses another region, a region-bound user without region and an unknown role', () => {
    expect(resolveRegion({ authority: 'DS_KT', region: 'JP' }, 'US')).toEqual({ allowed: false });
    expect(resolveRegion({ authority: 'DS_LHQBIZ', region: '' }, null)).toEqual({ allowed: false });
    expect(resolveRegion({ authority: 'SOMEONE', region: 'JP' }, 'JP')).toEqual({ allowed: false });
  });
  it('never lets a region-bound role read outside its region', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ROLES.filter(isRegionBound)),
        fc.constantFrom(...COUNTRIES),
        fc.option(fc.constantFrom(...COUNTRIES, '')),
        (authority, own, requested) => {
          const decision = resolveRegion({ authority, region: own }, requested);
          if (decision.allowed) expect(decision.region).toBe(own);
          else expect(requested).not.toBe(own);
        },
      ),
    );
  });
});
